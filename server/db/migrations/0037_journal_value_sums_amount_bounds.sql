-- Issue 23, docs/decisions/070: the sums per kept variable value (decision 055) keep the smallest and
-- largest entry amount of their group, so that a page sorted by amount walks each (GL account, side)
-- from the largest (or smallest) amount a matching value holds instead of from the index's end.
-- Entries are only appended, so the bounds stay exact; one left too wide (after a DELETE) only
-- lengthens the walk. A null bound means unbounded. Journals and entries are held still while the
-- ledger is read again below.
LOCK TABLE "journals", "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "journal_entry_value_sums" ADD COLUMN "least_amount" numeric;--> statement-breakpoint
ALTER TABLE "journal_entry_value_sums" ADD COLUMN "greatest_amount" numeric;--> statement-breakpoint
-- The entries' statement trigger as migration 0036 left it, appending the bounds per group.
CREATE OR REPLACE FUNCTION "journal_entry_sums_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "lines" AS (
    SELECT coalesce(j."currency_id", t."currency_id") AS "currency_id", n."gl_account_id",
           n."entry_type", n."entry_date", j."description_template_id",
           count(*) AS "entries", sum(n."amount") AS "amount"
    FROM "new_rows" n
    JOIN "journals" j ON j."id" = n."journal_id"
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4, 5
  ), "daily" AS (
    INSERT INTO "journal_entry_daily_sums" ("day", "currency_id", "gl_account_id", "entry_type", "entries", "amount")
    SELECT "entry_date", "currency_id", "gl_account_id", "entry_type", sum("entries"), sum("amount")
    FROM "lines" GROUP BY 1, 2, 3, 4
  ), "valued" AS (
    INSERT INTO "journal_entry_value_sums" ("description_template_id", "variable", "value", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "least_amount", "greatest_amount")
    SELECT j."description_template_id", k."variable", "journal_description_value"(j."description_residue", k."variable"),
           coalesce(j."currency_id", t."currency_id"), n."gl_account_id", n."entry_type", count(*), sum(n."amount"),
           min(n."amount"), max(n."amount")
    FROM "new_rows" n
    JOIN "journals" j ON j."id" = n."journal_id"
    JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
    CROSS JOIN LATERAL unnest(d."kept_variables") AS k("variable")
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4, 5, 6
  ), "referenced" AS (
    INSERT INTO "journal_entry_reference_sums" ("description_template_id", "reference_prefix", "variable_prefix", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at")
    SELECT r."description_template_id",
           CASE WHEN char_length(r."reference") >= p."n" THEN left(r."reference", p."n") END,
           CASE WHEN char_length(r."variable") >= p."n" THEN left(r."variable", p."n") END,
           r."currency_id", r."gl_account_id", r."entry_type",
           sum(r."entries"), sum(r."amount"), min(r."first_at"), max(r."last_at")
    FROM (
      SELECT j."description_template_id",
             left(lower(t."txn_ref"), "journal_reference_prefix_max"()) AS "reference",
             CASE WHEN j."description_template_id" IS NOT NULL
               THEN left(lower("journal_description_value"(j."description_residue", 1)), "journal_reference_prefix_max"()) END AS "variable",
             coalesce(j."currency_id", t."currency_id") AS "currency_id", n."gl_account_id", n."entry_type",
             count(*) AS "entries", sum(n."amount") AS "amount", min(n."created_at") AS "first_at", max(n."created_at") AS "last_at"
      FROM "new_rows" n
      JOIN "journals" j ON j."id" = n."journal_id"
      LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
      GROUP BY 1, 2, 3, 4, 5, 6
    ) r
    CROSS JOIN generate_series(1, "journal_reference_prefix_max"()) AS p("n")
    WHERE char_length(r."reference") >= p."n" OR char_length(r."variable") >= p."n"
    GROUP BY 1, 2, 3, 4, 5, 6
  ), "pending" AS (
    INSERT INTO "journal_entry_gram_pending" ("journal_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at")
    SELECT "journal_id", "gl_account_id", "entry_type", count(*), sum("amount"), min("created_at"), max("created_at")
    FROM "new_rows" GROUP BY 1, 2, 3
  )
  INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "description_template_id", "entries", "amount")
  SELECT "currency_id", "gl_account_id", "entry_type", "description_template_id", sum("entries"), sum("amount")
  FROM "lines" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sums the ledger into journal_entry_value_sums afresh, with the bounds; exact only while nobody
-- posts meanwhile (this migration's lock, or a bulk load's: rebuildJournalEntrySums).
CREATE OR REPLACE FUNCTION "journal_entry_value_sums_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "journal_entry_value_sums";
  INSERT INTO "journal_entry_value_sums" ("description_template_id", "variable", "value", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "least_amount", "greatest_amount")
  SELECT j."description_template_id", k."variable", "journal_description_value"(j."description_residue", k."variable"),
         coalesce(j."currency_id", t."currency_id"), e."gl_account_id", e."entry_type", count(*), sum(e."amount"),
         min(e."amount"), max(e."amount")
  FROM "journal_entries" e
  JOIN "journals" j ON j."id" = e."journal_id"
  JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
  CROSS JOIN LATERAL unnest(d."kept_variables") AS k("variable")
  LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT "journal_entry_value_sums_rebuild"();--> statement-breakpoint
ANALYZE "journal_entry_value_sums";
