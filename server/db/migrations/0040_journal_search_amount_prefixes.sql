-- Issue 23, docs/decisions/073: a journal entry search term that runs from a literal part into an
-- amount (`ived: 1`: the payment's amount starts with 1) counts and sums from sums kept per prefix of
-- that amount's value, lengths 1..journal_amount_prefix_max(), per template, variable, currency, GL
-- account and side. Kept off the posting path as decision 067's gram sums are: the gram fold
-- (journal_entry_gram_sums_fold) moves each pending row into both sums in one statement, so in every
-- snapshot an entry is pending or in both. The amount variables kept are those not kept by value
-- (a fee's sums per value answer it already). The entries are held still, and the fold kept out, until
-- the backfill below is in place.
LOCK TABLE "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- A fold running now moves rows this backfill would count as pending: wait for it; a fold starting
-- meanwhile finds the lock held and moves nothing (it returns -1).
SELECT pg_advisory_xact_lock(hashtext('journal_entry_gram_sums_fold'));--> statement-breakpoint
CREATE TABLE "journal_entry_amount_prefix_sums" (
	"description_template_id" smallint NOT NULL,
	"variable" smallint NOT NULL,
	"prefix" text NOT NULL,
	"currency_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"least_amount" numeric NOT NULL,
	"greatest_amount" numeric NOT NULL,
	CONSTRAINT "journal_entry_amount_prefix_sums_group_key" UNIQUE NULLS NOT DISTINCT("description_template_id","variable","prefix","currency_id","gl_account_id","entry_type")
);
--> statement-breakpoint
ALTER TABLE "journal_description_templates" ADD COLUMN "prefix_variables" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Every amount variable part ([0-9.]) not in kept_variables; the reversal's parts hold any text.
UPDATE "journal_description_templates" SET "prefix_variables" = '{2,4}' WHERE "id" = 1;--> statement-breakpoint
UPDATE "journal_description_templates" SET "prefix_variables" = '{2}' WHERE "id" IN (2, 3, 4, 5, 6, 7, 8);--> statement-breakpoint
UPDATE "journal_description_templates" SET "prefix_variables" = '{1,3}' WHERE "id" = 10;--> statement-breakpoint
UPDATE "journal_description_templates" SET "prefix_variables" = '{1}' WHERE "id" IN (11, 12, 13);--> statement-breakpoint
-- Past this length a start is selective (about 47 payment journals at 1M share 4 digits): the
-- residue's trigram index finds them one by one (server/db/queries/journal-entries.ts).
CREATE FUNCTION "journal_amount_prefix_max"() RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 3 $$;--> statement-breakpoint
-- The fold of migration 0036, also adding the moved rows into the amount prefix sums: one journal
-- row per moved journal (its template, currency, residue), its grams and its amount prefixes.
CREATE OR REPLACE FUNCTION "journal_entry_gram_sums_fold"("batch" int) RETURNS int LANGUAGE plpgsql AS $$
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
  ), "prefixes" AS (
    SELECT j."id" AS "journal_id", j."description_template_id", k."variable",
           left(lower("journal_description_value"(j."description_residue", k."variable")), p."n") AS "prefix",
           coalesce(j."currency_id", t."currency_id") AS "currency_id"
    FROM (SELECT DISTINCT "journal_id" FROM "moved") AS m
    JOIN "journals" j ON j."id" = m."journal_id"
    JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
    CROSS JOIN LATERAL unnest(d."prefix_variables") AS k("variable")
    CROSS JOIN generate_series(1, "journal_amount_prefix_max"()) AS p("n")
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    WHERE char_length("journal_description_value"(j."description_residue", k."variable")) >= p."n"
  ), "bounded" AS (
    -- The smallest and largest entry amount of each moved (journal, GL account, side), for a page
    -- sorted by amount (decision 070's bounds): read from the entries (the pending rows keep only the
    -- sum). Entries of the group still pending, or folded before, only widen them.
    SELECT m."journal_id", m."gl_account_id", m."entry_type", m."entries", m."amount", b."least_amount", b."greatest_amount"
    FROM "moved" m
    CROSS JOIN LATERAL (
      SELECT min(e."amount") AS "least_amount", max(e."amount") AS "greatest_amount" FROM "journal_entries" e
      WHERE e."journal_id" = m."journal_id" AND e."gl_account_id" = m."gl_account_id" AND e."entry_type" = m."entry_type"
    ) AS b
  ), "prefixed" AS (
    INSERT INTO "journal_entry_amount_prefix_sums" AS s ("description_template_id", "variable", "prefix", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "least_amount", "greatest_amount")
    SELECT x."description_template_id", x."variable", x."prefix", x."currency_id", m."gl_account_id", m."entry_type",
           sum(m."entries"), sum(m."amount"), min(m."least_amount"), max(m."greatest_amount")
    FROM "bounded" m JOIN "prefixes" x ON x."journal_id" = m."journal_id"
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "journal_entry_amount_prefix_sums_group_key" DO UPDATE SET
      "entries" = s."entries" + excluded."entries",
      "amount" = s."amount" + excluded."amount",
      "least_amount" = least(s."least_amount", excluded."least_amount"),
      "greatest_amount" = greatest(s."greatest_amount", excluded."greatest_amount")
    RETURNING 1
  )
  SELECT count(*)::int INTO "moved_rows" FROM "moved";
  RETURN "moved_rows";
END
$$;
--> statement-breakpoint
-- TRUNCATE of the entries clears the amount prefix sums too, as it does the others.
CREATE OR REPLACE FUNCTION "journal_entry_sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_entry_sums";
  DELETE FROM "journal_entry_daily_sums";
  DELETE FROM "journal_entry_value_sums";
  DELETE FROM "journal_entry_reference_sums";
  DELETE FROM "journal_entry_gram_sums";
  DELETE FROM "journal_entry_amount_prefix_sums";
  DELETE FROM "journal_entry_gram_pending";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A bulk load's rebuild puts every entry back in the pending table: both sums the fold fills are emptied.
CREATE OR REPLACE FUNCTION "journal_entry_gram_pending_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "journal_entry_gram_sums";
  DELETE FROM "journal_entry_amount_prefix_sums";
  DELETE FROM "journal_entry_gram_pending";
  INSERT INTO "journal_entry_gram_pending" ("journal_id", "gl_account_id", "entry_type", "entries", "amount", "first_at", "last_at")
  SELECT "journal_id", "gl_account_id", "entry_type", count(*), sum("amount"), min("created_at"), max("created_at")
  FROM "journal_entries" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- The backfill: the entries already folded into the gram sums, i.e. every entry less the pending
-- rows (which the fold adds when it moves them). Summed per value first (a few hundred thousand
-- values), then per prefix. The amount bounds are every entry's (a pending one only widens them).
INSERT INTO "journal_entry_amount_prefix_sums" ("description_template_id", "variable", "prefix", "currency_id", "gl_account_id", "entry_type", "entries", "amount", "least_amount", "greatest_amount")
SELECT v."description_template_id", v."variable", left(v."value", p."n"), v."currency_id", v."gl_account_id", v."entry_type",
       sum(v."entries"), sum(v."amount"), min(v."least_amount"), max(v."greatest_amount")
FROM (
  SELECT r."description_template_id", r."variable", r."value", r."currency_id", r."gl_account_id", r."entry_type",
         sum(r."entries") AS "entries", sum(r."amount") AS "amount",
         min(r."least_amount") AS "least_amount", max(r."greatest_amount") AS "greatest_amount"
  FROM (
    SELECT j."description_template_id", k."variable", lower("journal_description_value"(j."description_residue", k."variable")) AS "value",
           coalesce(j."currency_id", t."currency_id") AS "currency_id", e."gl_account_id", e."entry_type",
           count(*) AS "entries", sum(e."amount") AS "amount", min(e."amount") AS "least_amount", max(e."amount") AS "greatest_amount"
    FROM "journal_entries" e
    JOIN "journals" j ON j."id" = e."journal_id"
    JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
    CROSS JOIN LATERAL unnest(d."prefix_variables") AS k("variable")
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4, 5, 6
    UNION ALL
    SELECT j."description_template_id", k."variable", lower("journal_description_value"(j."description_residue", k."variable")),
           coalesce(j."currency_id", t."currency_id"), g."gl_account_id", g."entry_type",
           -sum(g."entries"), -sum(g."amount"), NULL::numeric, NULL::numeric
    FROM "journal_entry_gram_pending" g
    JOIN "journals" j ON j."id" = g."journal_id"
    JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
    CROSS JOIN LATERAL unnest(d."prefix_variables") AS k("variable")
    LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
    GROUP BY 1, 2, 3, 4, 5, 6
  ) r
  GROUP BY 1, 2, 3, 4, 5, 6
) v
CROSS JOIN generate_series(1, "journal_amount_prefix_max"()) AS p("n")
WHERE char_length(v."value") >= p."n"
GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum(v."entries") <> 0;--> statement-breakpoint
ANALYZE "journal_entry_amount_prefix_sums";
