-- Issue 24: the columns each person shows on a list, and saved views of a list (decision 042).
-- The person is their token's subject, copied rather than referenced, as the other actor columns.
CREATE TABLE "list_preferences" (
	"user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_preferences_user_id_list_id_pk" PRIMARY KEY("user_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "list_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"owner_name" text NOT NULL,
	"list_id" text NOT NULL,
	"name" text NOT NULL,
	"search" jsonb NOT NULL,
	"columns" jsonb,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "list_views_owner_name_idx" ON "list_views" USING btree ("owner_id","list_id",lower("name"));--> statement-breakpoint
CREATE INDEX "list_views_shared_idx" ON "list_views" USING btree ("list_id") WHERE "list_views"."shared";
