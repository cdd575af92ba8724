-- Issue 23, docs/decisions/058: a journal entry search term that is a prefix of references counts
-- and sums from sums kept per reference prefix; the occurrences of a term anywhere else are found
-- through trigram indexes that leave a reference's first character out. Journals and their entries
-- are held still while the ledger is read again below.
LOCK TABLE "journals", "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- How long a kept prefix gets: past 10 characters few references share one (the seed's references,
-- FT + year + day + serial: 2,662 distinct 10-character prefixes of 1,000,000, 375 references each;
-- 93,367 of 11). server/db/queries/journal-entries.ts holds the same number.
CREATE FUNCTION "journal_reference_prefix_max"() RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 10 $$;
--> statement-breakpoint
-- A journal's residue without its first variable part's first character (the separator before it
-- and that character: a templated residue is SEP V1 SEP ...); a journal of no template keeps its
-- whole residue (its description). Every occurrence of a term in a description that does not cover
-- the first variable's first character lies in it.
CREATE FUNCTION "journal_description_tail"("residue" text, "template_id" smallint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN "template_id" IS NULL THEN "residue" ELSE substr("residue", 3) END $$;
--> statement-breakpoint
-- Entry counts and amounts per (template, reference prefix, first variable's prefix, currency, GL
-- account, side), for each prefix length 1..journal_reference_prefix_max(): a journal's row for
-- length n holds the first n characters, lowercased (ILIKE's comparison), of its transaction's
-- reference and of its description's first variable part, each null when shorter than n. One row
-- for both, so a journal whose two references start with the same term is counted once.
CREATE TABLE "journal_entry_reference_sums" (
	"description_template_id" smallint,
	"reference_prefix" text,
	"variable_prefix" text,
	"currency_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entry_reference_sums_reference_idx" ON "journal_entry_reference_sums" USING btree ("reference_prefix" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "journal_entry_reference_sums_variable_idx" ON "journal_entry_reference_sums" USING btree ("variable_prefix" text_pattern_ops);--> statement-breakpoint
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
    INSERT INTO "journal_entry_value_sums" ("description_template_id", "variable", "value", "currency_id", "gl_account_id", "entry_type", "entries", "amount")
    SELECT j."description_template_id", k."variable", "journal_description_value"(j."description_residue", k."variable"),
           coalesce(j."currency_id", t."currency_id"), n."gl_account_id", n."entry_type", count(*), sum(n."amount")
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
  )
  INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "description_template_id", "entries", "amount")
  SELECT "currency_id", "gl_account_id", "entry_type", "description_template_id", sum("entries"), sum("amount")
  FROM "lines" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE of the entries clears these sums too, as it does the others.
CREATE OR REPLACE FUNCTION "journal_entry_sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_entry_sums";
  DELETE FROM "journal_entry_daily_sums";
  DELETE FROM "journal_entry_value_sums";
  DELETE FROM "journal_entry_reference_sums";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sums the ledger into journal_entry_reference_sums afresh; exact only while nobody posts meanwhile
-- (this migration's lock, or a bulk load's: rebuildJournalEntrySums). The entries are grouped by the
-- longest prefixes first, then each group spread over the shorter lengths.
CREATE FUNCTION "journal_entry_reference_sums_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "journal_entry_reference_sums";
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
           coalesce(j."currency_id", t."currency_id") AS "currency_id", e."gl_account_id", e."entry_type",
           count(*) AS "entries", sum(e."amount") AS "amount", min(e."created_at") AS "first_at", max(e."created_at") AS "last_at"
    FROM "journal_entries" e
    JOIN "journals" j ON j."id" = e."journal_id"
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4, 5, 6
  ) r
  CROSS JOIN generate_series(1, "journal_reference_prefix_max"()) AS p("n")
  WHERE char_length(r."reference") >= p."n" OR char_length(r."variable") >= p."n"
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT "journal_entry_reference_sums_rebuild"();--> statement-breakpoint
CREATE INDEX "journals_description_tail_trgm_idx" ON "journals" USING gin (journal_description_tail("description_residue", "description_template_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_txn_ref_tail_trgm_idx" ON "transactions" USING gin (substr("txn_ref", 2) gin_trgm_ops);--> statement-breakpoint
-- The statistics of the new index expressions (without them the planner took a tail's trigram
-- match for 8,000 rows and hashed every journal against it: 300 ms for "100." at 1M).
ANALYZE "journal_entry_reference_sums";--> statement-breakpoint
ANALYZE "transactions";--> statement-breakpoint
ANALYZE "journals";
