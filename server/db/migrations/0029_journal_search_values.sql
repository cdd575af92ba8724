-- Issue 23, docs/decisions/055: a journal entry search term that matches through a description's
-- variable part of few distinct values (a fee) counts and sums from sums kept per value. Journals
-- and their entries are held still while the ledger is read again below.
LOCK TABLE "journals", "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Which variable parts (1..k) of a template hold few distinct values: their sums are kept per value.
ALTER TABLE "journal_description_templates" ADD COLUMN "kept_variables" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The fee of a payment (with and without a reference), of a refund and of an opened chargeback.
UPDATE "journal_description_templates" SET "kept_variables" = '{3}' WHERE "id" IN (1, 5, 6);--> statement-breakpoint
UPDATE "journal_description_templates" SET "kept_variables" = '{2}' WHERE "id" = 10;--> statement-breakpoint
-- A variable part's value is read from the residue by its position, which holds only when no
-- variable part holds the separator itself: such a description now fits no template (below, and the
-- journals written before are taken out of their template).
CREATE OR REPLACE FUNCTION "journal_description_parts"("description" text, OUT "template_id" smallint, OUT "residue" text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  "hit" record;
  "variables" int;
  "rest" text;
  "at" int;
  "parts" text[] := '{}';
BEGIN
  "template_id" := NULL;
  "residue" := "description";
  IF "description" IS NULL OR strpos("description", chr(31)) > 0 THEN
    RETURN;
  END IF;
  SELECT t."id", t."literals" INTO "hit"
  FROM "journal_description_templates" t
  WHERE "description" ~ t."pattern"
  ORDER BY t."id"
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  "variables" := cardinality("hit"."literals") - 1;
  IF length("description") < length(array_to_string("hit"."literals", '')) + "variables" THEN
    RETURN;
  END IF;
  "rest" := substr("description", length("hit"."literals"[1]) + 1);
  "rest" := left("rest", length("rest") - length("hit"."literals"["variables" + 1]));
  FOR "i" IN 2.."variables" LOOP
    "at" := strpos(substr("rest", 2), "hit"."literals"["i"]);
    IF "at" = 0 THEN
      RETURN;
    END IF;
    "parts" := "parts" || left("rest", "at");
    "rest" := substr("rest", "at" + 1 + length("hit"."literals"["i"]));
  END LOOP;
  IF "rest" = '' OR left("description", length("hit"."literals"[1])) <> "hit"."literals"[1]
     OR right("description", length("hit"."literals"["variables" + 1])) <> "hit"."literals"["variables" + 1] THEN
    RETURN;
  END IF;
  "parts" := "parts" || "rest";
  "template_id" := "hit"."id";
  "residue" := chr(31) || array_to_string("parts", chr(31)) || chr(31);
END
$$;
--> statement-breakpoint
ALTER TABLE "journals" DISABLE TRIGGER "journals_append_only";--> statement-breakpoint
UPDATE "journals" SET "description_template_id" = NULL, "description_residue" = "description"
WHERE "description_template_id" IS NOT NULL AND strpos("description", chr(31)) > 0;--> statement-breakpoint
ALTER TABLE "journals" ENABLE TRIGGER "journals_append_only";--> statement-breakpoint
-- Variable part `variable` (1..k) of a templated journal's residue.
CREATE FUNCTION "journal_description_value"("residue" text, "variable" int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT split_part("residue", chr(31), "variable" + 1) $$;
--> statement-breakpoint
-- Entry counts and amounts per (template, kept variable, its value, currency, GL account, side):
-- appended per statement by the entries' trigger like journal_entry_sums (decision 013), folded by
-- compactJournalEntryValueSums.
CREATE TABLE "journal_entry_value_sums" (
	"description_template_id" smallint NOT NULL,
	"variable" smallint NOT NULL,
	"value" text NOT NULL,
	"currency_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entry_value_sums_idx" ON "journal_entry_value_sums" USING btree ("description_template_id", "variable");--> statement-breakpoint
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sums the ledger into journal_entry_sums (per template) and journal_entry_value_sums afresh; exact
-- only while nobody posts meanwhile (this migration's lock, or a bulk load's: rebuildJournalEntrySums).
CREATE FUNCTION "journal_entry_value_sums_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "journal_entry_value_sums";
  INSERT INTO "journal_entry_value_sums" ("description_template_id", "variable", "value", "currency_id", "gl_account_id", "entry_type", "entries", "amount")
  SELECT j."description_template_id", k."variable", "journal_description_value"(j."description_residue", k."variable"),
         coalesce(j."currency_id", t."currency_id"), e."gl_account_id", e."entry_type", count(*), sum(e."amount")
  FROM "journal_entries" e
  JOIN "journals" j ON j."id" = e."journal_id"
  JOIN "journal_description_templates" d ON d."id" = j."description_template_id"
  CROSS JOIN LATERAL unnest(d."kept_variables") AS k("variable")
  LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT "journal_entry_value_sums_rebuild"();--> statement-breakpoint
-- The per-template sums again: journals taken out of their template above move to no template.
DELETE FROM "journal_entry_sums";--> statement-breakpoint
INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "description_template_id", "entries", "amount")
SELECT coalesce(j."currency_id", t."currency_id"), e."gl_account_id", e."entry_type", j."description_template_id",
       count(*), sum(e."amount")
FROM "journal_entries" e
JOIN "journals" j ON j."id" = e."journal_id"
LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
ANALYZE "journal_entry_value_sums";
