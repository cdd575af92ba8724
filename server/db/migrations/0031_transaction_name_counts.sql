-- Issue 19, docs/decisions/063: a search's count of the rows carrying a matching customer name sums
-- counts kept per (name, status, type) instead of reading one index entry per matching row. Kept
-- as transaction_count_deltas is (migration 0003, decision 007). Transactions are held still while
-- they are counted below.
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "transaction_name_count_deltas" (
	"customer_name" text NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_name_count_deltas_name_idx" ON "transaction_name_count_deltas" USING btree ("customer_name","status","type","delta");--> statement-breakpoint
-- Statement-level triggers with transition tables: one signed row per (name, status, type) group a
-- statement changed. The empty name is left out, as transaction_customer_names leaves it out: no
-- search term resolves to it.
CREATE FUNCTION "transaction_name_count_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transaction_name_count_deltas" ("customer_name", "status", "type", "delta")
    SELECT "customer_name", "status", "type", count(*)
    FROM "new_rows" WHERE "customer_name" <> ''
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "transaction_name_count_deltas" ("customer_name", "status", "type", "delta")
    SELECT "customer_name", "status", "type", -count(*)
    FROM "old_rows" WHERE "customer_name" <> ''
    GROUP BY 1, 2, 3;
  ELSE
    -- UPDATE: old rows count -1, new rows +1; groups that net to zero (an update that left the
    -- name, status and type alone: a fee, a merchant, a date) append nothing.
    INSERT INTO "transaction_name_count_deltas" ("customer_name", "status", "type", "delta")
    SELECT "customer_name", "status", "type", sum("delta")
    FROM (
      SELECT "customer_name", "status", "type", -1 AS "delta" FROM "old_rows" WHERE "customer_name" <> ''
      UNION ALL
      SELECT "customer_name", "status", "type", 1 FROM "new_rows" WHERE "customer_name" <> ''
    ) AS "changed"
    GROUP BY 1, 2, 3
    HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_name_count_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_name_count_deltas_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_name_count_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_name_count_deltas_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_name_count_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_name_count_deltas_append"();
--> statement-breakpoint
CREATE FUNCTION "transaction_name_count_deltas_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transaction_name_count_deltas";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE triggers; without this the counts would outlive the rows.
CREATE TRIGGER "transactions_name_count_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_name_count_deltas_clear"();
--> statement-breakpoint
-- Counts the transactions into transaction_name_count_deltas afresh, one row per group; exact only
-- while nobody writes transactions meanwhile (this migration's lock, or a bulk load's:
-- withTransactionNameCountsDeferred in server/db/maintenance.ts).
CREATE FUNCTION "transaction_name_count_deltas_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "transaction_name_count_deltas";
  INSERT INTO "transaction_name_count_deltas" ("customer_name", "status", "type", "delta")
  SELECT "customer_name", "status", "type", count(*)
  FROM "transactions" WHERE "customer_name" <> ''
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- A database created before this migration already holds transactions: count them once.
SELECT "transaction_name_count_deltas_rebuild"();--> statement-breakpoint
ANALYZE "transaction_name_count_deltas";
