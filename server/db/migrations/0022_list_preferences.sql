-- Issue 24: lists sorted by the server (an index per sortable column of transactions, id as the
-- tie-breaker so a backward scan serves the descending order too; txn_ref is unique, its unique
-- index serves it alone), each person's columns per list, and saved views (decision 041).
CREATE INDEX "transactions_amount_sort_idx" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_name_sort_idx" ON "transactions" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "transactions_type_sort_idx" ON "transactions" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "transactions_status_sort_idx" ON "transactions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transactions_status_amount_sort_idx" ON "transactions" USING btree ("status","amount","id");--> statement-breakpoint
CREATE TABLE "list_preferences" (
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_preferences_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "list_preferences" ADD CONSTRAINT "list_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"search" jsonb NOT NULL,
	"columns" jsonb,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_owner_list_name_unique" UNIQUE("owner_id","list","name")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_list_idx" ON "saved_views" USING btree ("list","shared");
