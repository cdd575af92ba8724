CREATE TABLE "merchant_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" uuid,
	"changed_by_name" text,
	CONSTRAINT "merchant_status_changes_from_check" CHECK ("from_status" IN ('ACTIVE', 'PENDING', 'PENDING_VERIFICATION', 'INACTIVE', 'DELETED')),
	CONSTRAINT "merchant_status_changes_to_check" CHECK ("to_status" IN ('ACTIVE', 'PENDING', 'PENDING_VERIFICATION', 'INACTIVE', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "merchant_status_changes" ADD CONSTRAINT "merchant_status_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_status_changes_merchant_idx" ON "merchant_status_changes" USING btree ("merchant_id","id");