-- Issue 23, docs/decisions/067: a journal entry search term of one or two characters counts and
-- sums from sums kept per gram (a one- or two-character piece of a journal's lowercased description
-- or reference), kept off the posting path: the entries' statement trigger only appends each
-- statement's (journal, GL account, side) groups to journal_entry_gram_pending, and a frequent job
-- (journal_entry_gram_sums_fold, server/db/maintenance.ts foldJournalEntryGrams) moves them into
-- journal_entry_gram_sums in batches. This migration fills only the pending table (a grouped insert);
-- the job folds that backlog after the server starts, and searches stay exact meanwhile (a pending
-- journal is checked one by one). The entries are held still until the trigger takes over.
LOCK TABLE "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The distinct one- and two-character pieces of the lowercased literal parts, none spanning two of
-- them: exactly the terms of one or two characters that settle the template (decision 048: a literal
-- part ILIKE the term; ILIKE lowercases both sides, then compares).
CREATE FUNCTION "journal_literal_grams"("literals" text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g."gram" ORDER BY g."gram"), '{}')
  FROM (
    SELECT c."gram"
    FROM unnest("literals") AS l("literal")
    CROSS JOIN LATERAL unnest(string_to_array(lower(l."literal"), NULL)) AS c("gram")
    UNION ALL
    SELECT s."chars"[i] || s."chars"[i + 1]
    FROM unnest("literals") AS l("literal")
    CROSS JOIN LATERAL (SELECT string_to_array(lower(l."literal"), NULL)) AS s("chars")
    CROSS JOIN LATERAL generate_series(1, cardinality(s."chars") - 1) AS i
  ) AS g
$$;
--> statement-breakpoint
-- A journal's grams: the distinct one- and two-character pieces of its lowercased description and of
-- its transaction's lowercased reference, none spanning the two, less its template's literal grams.
-- A text holds a term of one or two characters, without case, exactly when lower(term) is one of
-- its grams (ILIKE lowercases both sides character by character with libc collations, decision 048).
CREATE FUNCTION "journal_search_grams"("description" text, "reference" text, "excluded" text[])
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT c."gram" FROM unnest(string_to_array(lower("description"), NULL)
                              || string_to_array(lower("reference"), NULL)) AS c("gram")
  UNION
  SELECT s."chars"[i] || s."chars"[i + 1]
  FROM (VALUES (string_to_array(lower("description"), NULL)),
               (string_to_array(lower("reference"), NULL))) AS s("chars")
  CROSS JOIN LATERAL generate_series(1, cardinality(s."chars") - 1) AS i
  EXCEPT
  SELECT unnest("excluded")
$$;
--> statement-breakpoint
CREATE TABLE "journal_entry_gram_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entry_gram_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" uuid NOT NULL,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entry_gram_sums" (
	"gram" text NOT NULL,
	"description_template_id" smallint,
	"currency_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journal_entry_gram_sums_group_key" UNIQUE NULLS NOT DISTINCT("gram","description_template_id","currency_id","gl_account_id","entry_type")
);
--> statement-breakpoint
ALTER TABLE "journal_description_templates" ADD COLUMN "literal_grams" text[] GENERATED ALWAYS AS (journal_literal_grams(literals)) STORED NOT NULL;--> statement-breakpoint
-- The trigger appends the pending groups from its own transition table alone (no join: the journal's
-- template, currency and grams are read when folded), with the sums it kept before (migration 0030).
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
-- TRUNCATE of the entries clears the gram sums and the pending groups too, as it does the others.
CREATE OR REPLACE FUNCTION "journal_entry_sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_entry_sums";
  DELETE FROM "journal_entry_daily_sums";
  DELETE FROM "journal_entry_value_sums";
  DELETE FROM "journal_entry_reference_sums";
  DELETE FROM "journal_entry_gram_sums";
  DELETE FROM "journal_entry_gram_pending";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Puts every entry back in the pending table (one row per journal, GL account and side) and empties
-- the gram sums, for the job to fold again; exact only while nobody posts meanwhile (this
-- migration's lock, or a bulk load's: rebuildJournalEntrySums). A grouped insert: seconds at a
-- million transactions, where summing the grams here took over seven minutes (decision 062).
CREATE FUNCTION "journal_entry_gram_pending_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "journal_entry_gram_sums";
  DELETE FROM "journal_entry_gram_pending";
  INSERT INTO "journal_entry_gram_pending" ("journal_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at")
  SELECT "journal_id", "gl_account_id", "entry_type", count(*), sum("amount"), min("created_at"), max("created_at")
  FROM "journal_entries" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- Moves up to "batch" pending rows (the oldest) into the gram sums in one statement: the DELETE
-- returns what it took, and their journals' grams are added to the sums' groups. In every snapshot a
-- row is in one table or the other. One fold at a time (a transaction-scoped advisory lock, tried:
-- a second server's fold meanwhile returns -1 and moves nothing); without it the DELETE's row locks
-- would still count each row once, but two folds could deadlock on the groups they both add to.
-- Returns the rows moved.
CREATE FUNCTION "journal_entry_gram_sums_fold"("batch" int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  "moved_rows" int;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('journal_entry_gram_sums_fold')) THEN
    RETURN -1;
  END IF;
  WITH "moved" AS (
    DELETE FROM "journal_entry_gram_pending"
    WHERE "id" IN (SELECT "id" FROM "journal_entry_gram_pending" ORDER BY "id" LIMIT "batch")
    RETURNING "journal_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at"
  ), "grams" AS (
    SELECT j."id" AS "journal_id", j."description_template_id", coalesce(j."currency_id", t."currency_id") AS "currency_id", g."gram"
    FROM (SELECT DISTINCT "journal_id" FROM "moved") AS m
    JOIN "journals" j ON j."id" = m."journal_id"
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    LEFT JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
    CROSS JOIN LATERAL "journal_search_grams"(j."description", t."txn_ref", coalesce(d."literal_grams", '{}')) AS g("gram")
  ), "added" AS (
    INSERT INTO "journal_entry_gram_sums" AS s ("gram", "description_template_id", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at")
    SELECT g."gram", g."description_template_id", g."currency_id", m."gl_account_id", m."entry_type",
           sum(m."entries"), sum(m."amount"), min(m."first_at"), max(m."last_at")
    FROM "moved" m JOIN "grams" g ON g."journal_id" = m."journal_id"
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "journal_entry_gram_sums_group_key" DO UPDATE SET
      "entries" = s."entries" + excluded."entries",
      "amount" = s."amount" + excluded."amount",
      "first_at" = least(s."first_at", excluded."first_at"),
      "last_at" = greatest(s."last_at", excluded."last_at")
    RETURNING 1
  )
  SELECT count(*)::int INTO "moved_rows" FROM "moved";
  RETURN "moved_rows";
END
$$;
--> statement-breakpoint
SELECT "journal_entry_gram_pending_rebuild"();--> statement-breakpoint
ANALYZE "journal_entry_gram_pending";
