-- The sums are kept per GL account too, so a journal entry search matching an account reads that
-- account's sums instead of its entries (docs/decisions/013, addendum). The rows are summed again
-- from the ledger below; none can be kept, as they have no account.
DELETE FROM "journal_entry_sums";--> statement-breakpoint
ALTER TABLE "journal_entry_sums" ADD COLUMN "gl_account_id" uuid NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_entry_sums_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "entries", "amount")
  SELECT t."currency_id", n."gl_account_id", n."entry_type", count(*), sum(n."amount")
  FROM "new_rows" n
  JOIN "journals" j ON j."id" = n."journal_id"
  LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
  GROUP BY t."currency_id", n."gl_account_id", n."entry_type";
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "entries", "amount")
SELECT t."currency_id", e."gl_account_id", e."entry_type", count(*), sum(e."amount")
FROM "journal_entries" e
JOIN "journals" j ON j."id" = e."journal_id"
LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
GROUP BY t."currency_id", e."gl_account_id", e."entry_type";
