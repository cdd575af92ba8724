CREATE TABLE "journal_entry_sums" (
	"currency_id" uuid,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entry_sums_idx" ON "journal_entry_sums" USING btree ("entry_type","currency_id");--> statement-breakpoint
-- The ledger is append-only: a posting is corrected by a reversing journal, never edited or
-- removed (docs/ledger.md). Also what keeps journal_entry_sums exact with an insert trigger alone.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append-only: % of % refused; post a reversing journal instead', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journals_append_only" BEFORE UPDATE OR DELETE ON "journals"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
-- A posting's currency is its transaction's: once a transaction has journals, its currency is fixed.
CREATE FUNCTION "posted_transaction_currency_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."currency_id" IS DISTINCT FROM OLD."currency_id"
     AND EXISTS (SELECT 1 FROM "journals" WHERE "transaction_id" = OLD."id") THEN
    RAISE EXCEPTION 'Transaction % has postings: its currency cannot change', OLD."txn_ref";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_posted_currency_fixed" BEFORE UPDATE OF "currency_id" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "posted_transaction_currency_fixed"();
--> statement-breakpoint
-- One row per (currency, entry type) a statement posted to (docs/decisions/013). The journal is
-- written before its entries, in the same transaction, so the join finds it.
CREATE FUNCTION "journal_entry_sums_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "journal_entry_sums" ("currency_id", "entry_type", "entries", "amount")
  SELECT t."currency_id", n."entry_type", count(*), sum(n."amount")
  FROM "new_rows" n
  JOIN "journals" j ON j."id" = n."journal_id"
  LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
  GROUP BY t."currency_id", n."entry_type";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_sums_insert" AFTER INSERT ON "journal_entries"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_entry_sums_append"();
--> statement-breakpoint
CREATE FUNCTION "journal_entry_sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_entry_sums";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE (tests, a reset) fires no DELETE trigger; without this the sums would outlive the rows.
CREATE TRIGGER "journal_entries_sums_truncate" AFTER TRUNCATE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_entry_sums_clear"();
--> statement-breakpoint
-- A database created before this migration already holds postings: sum them once.
INSERT INTO "journal_entry_sums" ("currency_id", "entry_type", "entries", "amount")
SELECT t."currency_id", e."entry_type", count(*), sum(e."amount")
FROM "journal_entries" e
JOIN "journals" j ON j."id" = e."journal_id"
LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
GROUP BY t."currency_id", e."entry_type";
