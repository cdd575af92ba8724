-- Issue 23, docs/decisions/048: a broad journal entry search counts and sums from kept sums per
-- description template. Journals and their entries are held still while the ledger is read again
-- below, so no posting lands between the backfill and the new triggers.
LOCK TABLE "journals", "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The templates the server writes descriptions from (server/domain/ledger.ts describeEvent,
-- server/domain/money-flows.ts describe, server/services/manual-journal.ts for reversals): their
-- literal parts L0..Lk around k variable parts, and the anchored pattern that recognises them.
CREATE TABLE "journal_description_templates" (
	"id" smallint PRIMARY KEY NOT NULL,
	"literals" text[] NOT NULL,
	"pattern" text NOT NULL,
	CONSTRAINT "journal_description_templates_literals_check" CHECK (cardinality("literals") >= 2)
);
--> statement-breakpoint
-- The pattern escapes every literal character but letters, digits and spaces, and puts a group
-- between literal parts: a description matches when it is exactly L0 V1 L1 ... Vk Lk. A group takes
-- what its variable holds (a reference: no spaces; an amount: digits and a point; a reversal's
-- parts: anything), so matching needs no backtracking; a description whose variable part holds
-- anything else fits no template and is searched one by one, never wrongly.
INSERT INTO "journal_description_templates" ("id", "literals", "pattern")
SELECT t."id", t."literals",
  '^' || (SELECT string_agg(regexp_replace(u."literal", '([^A-Za-z0-9 ])', '\\\1', 'g')
                              || coalesce('(' || t."groups"[u."n"] || '+)', ''), '' ORDER BY u."n")
          FROM unnest(t."literals") WITH ORDINALITY AS u("literal", "n")) || '$'
FROM (VALUES
  (1, ARRAY['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
      ARRAY['[^ ]', '[0-9.]', '[0-9.]', '[0-9.]']),
  (2, ARRAY['Payout ', ' requested: ', ' held in transfer suspense'], ARRAY['[^ ]', '[0-9.]']),
  (3, ARRAY['Payout ', ' approved: ', ' paid out'], ARRAY['[^ ]', '[0-9.]']),
  (4, ARRAY['Payout ', ' rejected: ', ' returned to the merchant payable'], ARRAY['[^ ]', '[0-9.]']),
  (5, ARRAY['Refund of payment ', ': ', ' returned to the customer, fee ', ''],
      ARRAY['[^ ]', '[0-9.]', '[0-9.]']),
  (6, ARRAY['Chargeback on payment ', ' opened: ', ' held in transfer suspense, fee ', ''],
      ARRAY['[^ ]', '[0-9.]', '[0-9.]']),
  (7, ARRAY['Chargeback on payment ', ' won: ', ' returned to the merchant payable'], ARRAY['[^ ]', '[0-9.]']),
  (8, ARRAY['Chargeback on payment ', ' lost: ', ' taken back by the customer''s bank'], ARRAY['[^ ]', '[0-9.]']),
  (9, ARRAY['Reversal of ', ': ', ''], ARRAY['.', '.']),
  -- A money event without a reference.
  (10, ARRAY['Payment received: ', ', fee ', ', ', ' payable to the merchant'], ARRAY['[0-9.]', '[0-9.]', '[0-9.]']),
  (11, ARRAY['Payout requested: ', ' held in transfer suspense'], ARRAY['[0-9.]']),
  (12, ARRAY['Payout approved: ', ' paid out'], ARRAY['[0-9.]']),
  (13, ARRAY['Payout rejected: ', ' returned to the merchant payable'], ARRAY['[0-9.]'])
) AS t("id", "literals", "groups");--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "description_template_id" smallint;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "description_residue" text;--> statement-breakpoint
-- A description's template (the first whose pattern fits, by id) and residue: the variable parts
-- between unit separators (server/db/description-templates.ts). Without a template the residue is
-- the whole description, so one trigram index serves both. The pattern only says which template
-- fits (`~` runs without captures, several times faster than regexp_match); the parts are cut with
-- strpos: the last literal part is the suffix, each other one its first occurrence after at least
-- one character of variable. Whatever the cut, the description is exactly L0 V1 L1 ... Vk Lk with
-- no Vi empty, which is all the search relies on; a cut that cannot give that leaves no template.
CREATE FUNCTION "journal_description_parts"("description" text, OUT "template_id" smallint, OUT "residue" text)
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
  IF "description" IS NULL THEN
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
-- Set on every insert, whatever the writer sent: the search trusts these columns.
CREATE FUNCTION "journals_describe"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."template_id", p."residue" INTO NEW."description_template_id", NEW."description_residue"
  FROM "journal_description_parts"(NEW."description") p;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journals_describe" BEFORE INSERT ON "journals"
  FOR EACH ROW EXECUTE FUNCTION "journals_describe"();
--> statement-breakpoint
-- The residue index replaces the description's: with the literal parts gone, a broad term no
-- longer makes every journal of a template a candidate.
DROP INDEX "journals_description_trgm_idx";--> statement-breakpoint
-- The existing journals (the ledger refuses updates: allowed once, for this backfill only).
ALTER TABLE "journals" DISABLE TRIGGER "journals_append_only";--> statement-breakpoint
UPDATE "journals" j SET ("description_template_id", "description_residue") =
  (SELECT p."template_id", p."residue" FROM "journal_description_parts"(j."description") p)
WHERE j."description" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ENABLE TRIGGER "journals_append_only";--> statement-breakpoint
CREATE INDEX "journals_description_residue_trgm_idx" ON "journals" USING gin ("description_residue" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "journals_description_template_idx" ON "journals" USING btree ("description_template_id");--> statement-breakpoint
-- The whole-ledger sums per template too (null: a journal of no template).
ALTER TABLE "journal_entry_sums" ADD COLUMN "description_template_id" smallint;--> statement-breakpoint
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
  )
  INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "description_template_id", "entries", "amount")
  SELECT "currency_id", "gl_account_id", "entry_type", "description_template_id", sum("entries"), sum("amount")
  FROM "lines" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DELETE FROM "journal_entry_sums";--> statement-breakpoint
INSERT INTO "journal_entry_sums" ("currency_id", "gl_account_id", "entry_type", "description_template_id", "entries", "amount")
SELECT coalesce(j."currency_id", t."currency_id"), e."gl_account_id", e."entry_type", j."description_template_id",
       count(*), sum(e."amount")
FROM "journal_entries" e
JOIN "journals" j ON j."id" = e."journal_id"
LEFT JOIN "transactions" t ON t."id" = j."transaction_id"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The search's plans lean on the new columns' statistics (how many journals a template has).
ANALYZE "journals";
