CREATE TABLE "transaction_count_deltas" (
	"scope_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_count_deltas_scope_idx" ON "transaction_count_deltas" USING btree ("scope_id","status","type","delta");