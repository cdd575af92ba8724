-- Issue 24: every list sorts by its columns (decision 044). The lists that grow with the business
-- (merchants, the ledger's entries, the audit log, chargebacks, approval requests) get an index
-- `(column, id)` per sortable column not already led by one, so a sorted page walks the first
-- offset + limit entries of an index (a backward scan for descending) instead of sorting the table.
-- The catalogue lists (currencies, payment methods, GL accounts, mappings, gateway accounts, roles,
-- users, API clients) stay small and sort in memory.
CREATE INDEX "merchants_business_name_sort_idx" ON "merchants" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "merchants_status_sort_idx" ON "merchants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "journal_entries_amount_sort_idx" ON "journal_entries" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_sort_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_outcome_sort_idx" ON "audit_log" USING btree ("outcome","id");--> statement-breakpoint
CREATE INDEX "disputes_amount_sort_idx" ON "disputes" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "disputes_status_sort_idx" ON "disputes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "disputes_response_due_sort_idx" ON "disputes" USING btree ("response_due","id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_sort_idx" ON "approval_requests" USING btree ("status","id");
