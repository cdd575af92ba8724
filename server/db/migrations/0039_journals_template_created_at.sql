-- Issue 19/23, docs/decisions/072: a search term settling a description template pages that
-- template's journals newest first (one walk per template, merged), and takes each journal's entries
-- in the journal's place. That is the entries' own order only because an entry's created_at is its
-- journal's: every writer posts them so (one timestamp per posting), and from here a BEFORE INSERT
-- trigger makes it so whatever the writer gives. Journals and entries are held still while the
-- ledger is checked below; both are append-only (migration 0006), so the rule then holds for good.
LOCK TABLE "journals", "journal_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "journal_entries" e JOIN "journals" j ON j."id" = e."journal_id"
             WHERE e."created_at" <> j."created_at") THEN
    RAISE EXCEPTION 'journal entries whose created_at differs from their journal''s: align them before migration 0039';
  END IF;
END
$$;
--> statement-breakpoint
-- A journal not found (not there: the foreign key refuses the row at the statement's end) leaves the
-- row as given. Named to run before journal_entries_entry_date_default (triggers of one kind run in
-- name order), so an entry date left out follows the journal's time too.
CREATE FUNCTION "journal_entry_created_at_of_journal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "at" timestamptz;
BEGIN
  SELECT j."created_at" INTO "at" FROM "journals" j WHERE j."id" = NEW."journal_id";
  IF FOUND THEN
    NEW."created_at" := "at";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_created_at_of_journal" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entry_created_at_of_journal"();
--> statement-breakpoint
CREATE INDEX "journals_template_created_at_idx" ON "journals" USING btree ("description_template_id","created_at","id");
