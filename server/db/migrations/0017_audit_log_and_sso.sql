CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"address" text,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"outcome" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_outcome_check" CHECK ("outcome" IN ('success', 'failure'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource_type","resource_id","at","id");--> statement-breakpoint
-- Hand-written: an audit log is only worth reading if nobody can rewrite it (decision 031).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % of % refused', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- The history written before this migration joins the log once (decision 031): the catalogue's
-- changes (field by field, as before/after objects) and the merchants' status changes, in the order
-- they were made. From here on each write records both itself.
INSERT INTO "audit_log" ("at", "actor_id", "actor_name", "action", "resource_type", "resource_id", "outcome", "before", "after")
  SELECT "at", "actor_id", "actor_name",
    replace("subject", '_', '-') || '.' || lower("action"),
    replace("subject", '_', '-'),
    "subject_id"::text,
    'success',
    CASE WHEN "action" = 'CREATE' THEN NULL
      ELSE (SELECT coalesce(jsonb_object_agg(c->>'field', c->'from'), '{}'::jsonb) FROM jsonb_array_elements("changes") c) END,
    CASE WHEN "action" = 'DELETE' THEN NULL
      ELSE (SELECT coalesce(jsonb_object_agg(c->>'field', c->'to'), '{}'::jsonb) FROM jsonb_array_elements("changes") c) END
  FROM "change_events" ORDER BY "id";
--> statement-breakpoint
INSERT INTO "audit_log" ("at", "actor_id", "actor_name", "action", "resource_type", "resource_id", "outcome", "before", "after")
  SELECT "changed_at", "changed_by_id", "changed_by_name", CASE WHEN "to_status" = 'ACTIVE' THEN 'merchant.activate' ELSE 'merchant.deactivate' END, 'merchant', "merchant_id"::text, 'success',
    jsonb_build_object('status', "from_status"), jsonb_build_object('status', "to_status")
  FROM "merchant_status_changes" ORDER BY "id";
