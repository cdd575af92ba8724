CREATE TABLE "sign_in_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"username_digest" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"username_cleared" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_idx" ON "sign_in_attempts" USING btree ("address","attempted_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_attempted_idx" ON "sign_in_attempts" USING btree ("attempted_at");