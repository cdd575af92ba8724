-- Four-eyes approvals (issue 23, decision 039): the rules, and the requests covered actions become.
-- A rule row per (kind, currency): payouts and refunds carry a threshold per currency; the other
-- kinds are on when their row exists (currency ''). Reopening a period is always covered, in code.
CREATE TABLE "approval_rules" (
	"kind" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"amount" numeric(24, 6),
	CONSTRAINT "approval_rules_kind_currency_pk" PRIMARY KEY("kind","currency"),
	CONSTRAINT "approval_rules_kind_check" CHECK ("kind" IN ('payout', 'refund', 'manual-journal', 'gl-account', 'account-mapping')),
	CONSTRAINT "approval_rules_amount_check" CHECK ("amount" IS NULL OR "amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"summary" text NOT NULL,
	"subject_id" uuid,
	"amount" numeric(24, 6),
	"currency" text,
	"before" jsonb,
	"after" jsonb,
	"input" jsonb NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"failure" text,
	CONSTRAINT "approval_requests_kind_check" CHECK ("kind" IN ('payout', 'refund', 'manual-journal', 'gl-account', 'account-mapping', 'period-reopen')),
	CONSTRAINT "approval_requests_status_check" CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "approval_requests_requested_idx" ON "approval_requests" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("kind","requested_by_id") WHERE "status" = 'PENDING';--> statement-breakpoint
-- One pending request per action on one record: a second maker gets 409, race-safe.
CREATE UNIQUE INDEX "approval_requests_one_pending_idx" ON "approval_requests" USING btree ("action","subject_id") WHERE "status" = 'PENDING' AND "subject_id" IS NOT NULL;
