-- Hand-written (issue 22): refunds and chargebacks.
-- A refund is a REFUND transaction (its own row in "transactions", so it lists, searches and counts
-- like every other) plus this row linking it to the payment it returns. Append-only: a refund is
-- never edited or removed; a mistake is put right by another movement.
CREATE TABLE "refunds" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"fee" numeric(24, 6) NOT NULL,
	"reason" text NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0 AND "fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE FUNCTION "refunds_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Refunds are append-only: % of % refused', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "refunds_append_only" BEFORE UPDATE OR DELETE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "refunds_append_only"();
--> statement-breakpoint
CREATE TRIGGER "refunds_no_truncate" BEFORE TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "refunds_append_only"();
--> statement-breakpoint
-- A chargeback against a successful payment: OPEN, then WON or LOST once (a conditional UPDATE
-- ... WHERE status = 'OPEN' decides it, so of two decisions at once one applies).
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"fee" numeric(24, 6) NOT NULL,
	"reason" text NOT NULL,
	"response_due" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_by_kind" text NOT NULL,
	"opened_by_id" uuid,
	"opened_by_name" text,
	"notes" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK ("status" IN ('OPEN', 'WON', 'LOST')),
	CONSTRAINT "disputes_opened_by_kind_check" CHECK ("opened_by_kind" IN ('staff', 'platform')),
	CONSTRAINT "disputes_amount_check" CHECK ("amount" > 0 AND "fee" >= 0),
	CONSTRAINT "disputes_decided_check" CHECK (("status" = 'OPEN') = ("decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_created_at_idx" ON "disputes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_status_created_at_idx" ON "disputes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_id");
