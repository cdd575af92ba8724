-- Keeps transaction_count_deltas exact (see server/db/schema.ts and docs/decisions/007).
-- Statement-level triggers with transition tables: one INSERT of a million rows appends a few
-- dozen delta rows, not a million. Each group is written for the system scope and, when the
-- transaction has one, for its merchant's scope.
CREATE FUNCTION "transaction_count_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transaction_count_deltas" ("scope_id", "status", "type", "delta")
    SELECT "scope_id", "status", "type", count(*)
    FROM (
      SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "scope_id", "status", "type" FROM "new_rows"
      UNION ALL
      SELECT "merchant_id", "status", "type" FROM "new_rows" WHERE "merchant_id" IS NOT NULL
    ) AS "changed"
    GROUP BY "scope_id", "status", "type";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "transaction_count_deltas" ("scope_id", "status", "type", "delta")
    SELECT "scope_id", "status", "type", -count(*)
    FROM (
      SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "scope_id", "status", "type" FROM "old_rows"
      UNION ALL
      SELECT "merchant_id", "status", "type" FROM "old_rows" WHERE "merchant_id" IS NOT NULL
    ) AS "changed"
    GROUP BY "scope_id", "status", "type";
  ELSE
    -- UPDATE: old rows count -1, new rows +1; groups that net to zero (an update that left
    -- status, type and merchant alone) append nothing.
    INSERT INTO "transaction_count_deltas" ("scope_id", "status", "type", "delta")
    SELECT "scope_id", "status", "type", sum("delta")
    FROM (
      SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "scope_id", "status", "type", -1 AS "delta" FROM "old_rows"
      UNION ALL
      SELECT "merchant_id", "status", "type", -1 FROM "old_rows" WHERE "merchant_id" IS NOT NULL
      UNION ALL
      SELECT '00000000-0000-0000-0000-000000000000'::uuid, "status", "type", 1 FROM "new_rows"
      UNION ALL
      SELECT "merchant_id", "status", "type", 1 FROM "new_rows" WHERE "merchant_id" IS NOT NULL
    ) AS "changed"
    GROUP BY "scope_id", "status", "type"
    HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_count_deltas_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_count_deltas_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_count_deltas_append"();
--> statement-breakpoint
CREATE FUNCTION "transaction_count_deltas_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transaction_count_deltas";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE triggers; without this the counts would outlive the rows.
CREATE TRIGGER "transactions_count_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_count_deltas_clear"();
--> statement-breakpoint
-- A database created before this migration already holds transactions: count them once.
INSERT INTO "transaction_count_deltas" ("scope_id", "status", "type", "delta")
SELECT '00000000-0000-0000-0000-000000000000'::uuid, "status", "type", count(*)
FROM "transactions" GROUP BY "status", "type"
UNION ALL
SELECT "merchant_id", "status", "type", count(*)
FROM "transactions" WHERE "merchant_id" IS NOT NULL GROUP BY "merchant_id", "status", "type";
