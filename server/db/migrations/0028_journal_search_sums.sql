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
-- The pattern escapes every literal character but letters, digits and spaces, and puts one `(.+)`
-- between literal parts: a description matches when it is exactly L0 V1 L1 ... Vk Lk.
INSERT INTO "journal_description_templates" ("id", "literals", "pattern")
SELECT t."id", t."literals",
  '^' || (SELECT string_agg(regexp_replace(u."literal", '([^A-Za-z0-9 ])', '\\\1', 'g'), '(.+)' ORDER BY u."n")
          FROM unnest(t."literals") WITH ORDINALITY AS u("literal", "n")) || '$'
FROM (VALUES
  (1, ARRAY['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant']),
  (2, ARRAY['Payout ', ' requested: ', ' held in transfer suspense']),
  (3, ARRAY['Payout ', ' approved: ', ' paid out']),
  (4, ARRAY['Payout ', ' rejected: ', ' returned to the merchant payable']),
  (5, ARRAY['Refund of payment ', ': ', ' returned to the customer, fee ', '']),
  (6, ARRAY['Chargeback on payment ', ' opened: ', ' held in transfer suspense, fee ', '']),
  (7, ARRAY['Chargeback on payment ', ' won: ', ' returned to the merchant payable']),
  (8, ARRAY['Chargeback on payment ', ' lost: ', ' taken back by the customer''s bank']),
  (9, ARRAY['Reversal of ', ': ', '']),
  -- A money event without a reference.
  (10, ARRAY['Payment received: ', ', fee ', ', ', ' payable to the merchant']),
  (11, ARRAY['Payout requested: ', ' held in transfer suspense']),
  (12, ARRAY['Payout approved: ', ' paid out']),
  (13, ARRAY['Payout rejected: ', ' returned to the merchant payable'])
) AS t("id", "literals");--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "description_template_id" smallint;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "description_residue" text;--> statement-breakpoint
-- A description's template (the first that fits, by id) and residue: the variable parts between
-- unit separators (server/db/description-templates.ts). Without a template the residue is the
-- whole description, so one trigram index serves both.
CREATE FUNCTION "journal_description_parts"("description" text, OUT "template_id" smallint, OUT "residue" text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  "hit" record;
BEGIN
  "template_id" := NULL;
  "residue" := "description";
  IF "description" IS NULL THEN
    RETURN;
  END IF;
  SELECT t."id", m."parts" INTO "hit"
  FROM "journal_description_templates" t
  CROSS JOIN LATERAL regexp_match("description", t."pattern") AS m("parts")
  WHERE m."parts" IS NOT NULL
  ORDER BY t."id"
  LIMIT 1;
  IF FOUND THEN
    "template_id" := "hit"."id";
    "residue" := chr(31) || array_to_string("hit"."parts", chr(31)) || chr(31);
  END IF;
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
