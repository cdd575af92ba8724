CREATE TABLE "change_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"owner_ids" uuid[] NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"changes" jsonb NOT NULL,
	CONSTRAINT "change_events_subject_check" CHECK ("subject" IN ('payment_method', 'transaction_limit', 'currency', 'charge', 'gateway_account', 'gl_account', 'account_mapping')),
	CONSTRAINT "change_events_action_check" CHECK ("action" IN ('CREATE', 'UPDATE', 'ACTIVATE', 'DEACTIVATE', 'DELETE'))
);
--> statement-breakpoint
CREATE INDEX "change_events_subject_idx" ON "change_events" USING btree ("subject_id","id");--> statement-breakpoint
CREATE INDEX "change_events_owner_idx" ON "change_events" USING gin ("owner_ids");--> statement-breakpoint
-- A history is only worth reading if nobody can rewrite it (docs/api.md, "Change history").
CREATE FUNCTION "change_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The change history is append-only: % of % refused', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "change_events_append_only" BEFORE UPDATE OR DELETE ON "change_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "change_events_no_truncate" BEFORE TRUNCATE ON "change_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_events_append_only"();
