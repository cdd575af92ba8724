-- Issue 22, decision 047. A chargeback remembers the GL account its opening credited as transfer
-- suspense, so its decision clears that very account even if the mappings changed in between (as a
-- payout decision clears its request's). Disputes opened before this column have none: their
-- decision looks the account up through the mappings, as before.
ALTER TABLE "disputes" ADD COLUMN "suspense_gl_account_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_suspense_gl_account_id_gl_accounts_id_fk" FOREIGN KEY ("suspense_gl_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Idempotency keys are purged once older than their retention (docs/api.md "Idempotency"): the
-- purge deletes by age, oldest first.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
