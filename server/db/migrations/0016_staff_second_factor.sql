-- Issue 21, sign-in security (decision 029): what a session shows on the account page, the TOTP
-- second factor and its recovery codes, and a role's demand for a second factor.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_stage" CHECK ("stage" IS NULL OR "stage" IN ('password-change', 'second-factor', 'second-factor-enrolment'));--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "requires_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "staff_second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_second_factors" ADD CONSTRAINT "staff_second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_user_code_idx" ON "staff_recovery_codes" USING btree ("user_id","code_hash");
