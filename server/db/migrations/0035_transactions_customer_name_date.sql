DROP INDEX "transactions_customer_name_idx";--> statement-breakpoint
CREATE INDEX "transactions_customer_name_date_idx" ON "transactions" USING btree ("customer_name","transaction_date","id","status","type","merchant_id","amount","txn_ref");
