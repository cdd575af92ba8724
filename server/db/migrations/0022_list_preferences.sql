-- Issue 24: lists sorted by the server (an index per sortable column of transactions, id as the
-- tie-breaker so a backward scan serves the descending order too; txn_ref is unique, its unique
-- index serves it alone) (decision 041). Column choices and saved views are not built yet.
CREATE INDEX "transactions_amount_sort_idx" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_name_sort_idx" ON "transactions" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "transactions_type_sort_idx" ON "transactions" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "transactions_status_sort_idx" ON "transactions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transactions_status_amount_sort_idx" ON "transactions" USING btree ("status","amount","id");
