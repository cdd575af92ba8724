CREATE TABLE "transaction_daily_totals" (
	"day" date NOT NULL,
	"currency_id" uuid NOT NULL,
	"status" text NOT NULL,
	"transactions" bigint NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_daily_totals_day_idx" ON "transaction_daily_totals" USING btree ("day","currency_id","status");--> statement-breakpoint
-- Keeps transaction_daily_totals exact (server/db/schema.ts, docs/decisions/017), as migration
-- 0003 keeps the counts: statement-level triggers with transition tables, so one INSERT of a
-- million rows appends a few hundred rows (days x currencies x statuses), not a million.
CREATE FUNCTION "transaction_daily_totals_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transaction_daily_totals" ("day", "currency_id", "status", "transactions", "amount")
    SELECT ("transaction_date" AT TIME ZONE 'UTC')::date, "currency_id", "status", count(*), sum("amount")
    FROM "new_rows"
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "transaction_daily_totals" ("day", "currency_id", "status", "transactions", "amount")
    SELECT ("transaction_date" AT TIME ZONE 'UTC')::date, "currency_id", "status", -count(*), -sum("amount")
    FROM "old_rows"
    GROUP BY 1, 2, 3;
  ELSE
    -- UPDATE: old rows leave their group, new rows join theirs; an update that left day,
    -- currency, status and amount alone (a fee, a name) appends nothing.
    INSERT INTO "transaction_daily_totals" ("day", "currency_id", "status", "transactions", "amount")
    SELECT "day", "currency_id", "status", sum("transactions"), sum("amount")
    FROM (
      SELECT ("transaction_date" AT TIME ZONE 'UTC')::date AS "day", "currency_id", "status",
             -1 AS "transactions", -"amount" AS "amount"
      FROM "old_rows"
      UNION ALL
      SELECT ("transaction_date" AT TIME ZONE 'UTC')::date, "currency_id", "status", 1, "amount"
      FROM "new_rows"
    ) AS "changed"
    GROUP BY "day", "currency_id", "status"
    HAVING sum("transactions") <> 0 OR sum("amount") <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_daily_totals_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_daily_totals_append"();
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_daily_totals_append"();
--> statement-breakpoint
CREATE FUNCTION "transaction_daily_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transaction_daily_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE triggers; without this the totals would outlive the rows.
CREATE TRIGGER "transactions_daily_totals_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_daily_totals_clear"();
--> statement-breakpoint
-- A database created before this migration already holds transactions: sum them once.
INSERT INTO "transaction_daily_totals" ("day", "currency_id", "status", "transactions", "amount")
SELECT ("transaction_date" AT TIME ZONE 'UTC')::date, "currency_id", "status", count(*), sum("amount")
FROM "transactions"
GROUP BY 1, 2, 3;
