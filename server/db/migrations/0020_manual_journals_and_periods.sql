-- Issue 23 (books): manual journals, reversals, closed periods and the sums the reports read
-- (docs/ledger.md, docs/decisions/037, 038). Hand-written.
--
-- A journal's accounting date (entry_date) is the day it counts for in the books: today's UTC date
-- for a money event, the chosen date for a manual journal. Its entries carry the same date, so a
-- GL account statement pages through one index in date order. A BEFORE INSERT trigger fills it from
-- created_at when a writer leaves it out (the seed's bulk load, older code); a CHECK keeps it set.
ALTER TABLE "journals" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "currency_id" uuid;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "reverses_journal_id" uuid;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_reverses_journal_id_journals_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Postings made before this migration count on the UTC day they were made. The ledger refuses
-- UPDATE (migration 0006): the backfill runs with that trigger off, inside this migration only.
ALTER TABLE "journals" DISABLE TRIGGER "journals_append_only";--> statement-breakpoint
ALTER TABLE "journal_entries" DISABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint
UPDATE "journals" SET "entry_date" = ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
UPDATE "journal_entries" e SET "entry_date" = j."entry_date" FROM "journals" j WHERE j."id" = e."journal_id";--> statement-breakpoint
ALTER TABLE "journals" ENABLE TRIGGER "journals_append_only";--> statement-breakpoint
ALTER TABLE "journal_entries" ENABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_entry_date_set" CHECK ("entry_date" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_entry_date_set" CHECK ("entry_date" IS NOT NULL);--> statement-breakpoint
CREATE FUNCTION "ledger_entry_date_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."entry_date" IS NULL THEN
    NEW."entry_date" := (NEW."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journals_entry_date_default" BEFORE INSERT ON "journals"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_date_default"();
--> statement-breakpoint
CREATE TRIGGER "journal_entries_entry_date_default" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_date_default"();
--> statement-breakpoint
-- A journal is reversed at most once: of two reversals at once, the second insert waits on this
-- index and fails when the first commits (the API answers 409).
CREATE UNIQUE INDEX "journals_reverses_journal_idx" ON "journals" USING btree ("reverses_journal_id");--> statement-breakpoint
CREATE INDEX "journals_entry_date_idx" ON "journals" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "journal_entries_gl_account_date_idx" ON "journal_entries" USING btree ("gl_account_id","entry_date","created_at","id");--> statement-breakpoint
-- The reports' sums (docs/decisions/037): per accounting day, currency, GL account and side, kept
-- by the same statement trigger as journal_entry_sums, so a trial balance as of any date reads a
-- few thousand rows, never the entries.
CREATE TABLE "journal_entry_daily_sums" (
	"day" date NOT NULL,
	"currency_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entry_daily_sums_day_idx" ON "journal_entry_daily_sums" USING btree ("day");--> statement-breakpoint
CREATE INDEX "journal_entry_daily_sums_account_idx" ON "journal_entry_daily_sums" USING btree ("gl_account_id","day");--> statement-breakpoint
-- A journal without a transaction (a manual journal, its reversal) names its currency itself.
CREATE OR REPLACE FUNCTION "journal_entry_sums_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "lines" AS (
    SELECT coalesce(j."currency_id", t."currency_id") AS "currency_id", n."gl_account_id",
           n."entry_type", n."entry_date", count(*) AS "entries", sum(n."amount") AS "amount"
    FROM "new_rows" n
    JOIN "journals" j ON j."id" = n."journal_id"
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4
  ), "daily" AS (
    INSERT INTO "journal_entry_daily_sums" ("day", "currency_id", "gl_account_id", "entry_type", "entries", "amount")
    SELECT "entry_date", "currency_id", "gl_account_id", "entry_type", "entries", "amount" FROM "lines"
  )
  INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "entries", "amount")
  SELECT "currency_id", "gl_account_id", "entry_type", sum("entries"), sum("amount")
  FROM "lines" GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_entry_sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_entry_sums";
  DELETE FROM "journal_entry_daily_sums";
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "journal_entry_daily_sums" ("day", "currency_id", "gl_account_id", "entry_type", "entries", "amount")
SELECT e."entry_date", coalesce(j."currency_id", t."currency_id"), e."gl_account_id", e."entry_type", count(*), sum(e."amount")
FROM "journal_entries" e
JOIN "journals" j ON j."id" = e."journal_id"
LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Closed months (docs/ledger.md "Closed periods"). One row per month ever closed; reopening keeps
-- the row with status OPEN. postJournal refuses a journal dated in a CLOSED month.
CREATE TABLE "accounting_periods" (
	"month" date PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"closed_by_name" text,
	"reopened_at" timestamp with time zone,
	"reopened_by_id" uuid,
	"reopened_by_name" text,
	"reopen_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_periods_status_check" CHECK ("status" IN ('OPEN', 'CLOSED')),
	CONSTRAINT "accounting_periods_month_check" CHECK (extract(day from "month") = 1)
);
