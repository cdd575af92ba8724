-- Hand-added: trigram search (ILIKE '%term%') needs pg_trgm before the GIN indexes below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"financial_account_type" text NOT NULL,
	"payment_method_id" uuid,
	"gl_account_id" uuid NOT NULL,
	"charge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mappings_type_check" CHECK ("financial_account_type" IN ('RECEIVE_REFERENCE', 'RECEIVE_CONTROL', 'INCOME_FROM_CHARGE', 'TRANSFER_SUSPENSE', 'LIABILITY_TRANSFER'))
);
--> statement-breakpoint
CREATE TABLE "charge_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"min_amount" numeric(24, 6) NOT NULL,
	"max_amount" numeric(24, 6) NOT NULL,
	"charge_amount" numeric(24, 6) NOT NULL,
	CONSTRAINT "charge_ranges_charge_position_key" UNIQUE("charge_id","position"),
	CONSTRAINT "charge_ranges_amounts_check" CHECK ("charge_ranges"."min_amount" >= 0 AND "charge_ranges"."max_amount" > "charge_ranges"."min_amount" AND "charge_ranges"."charge_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"charge_type" text DEFAULT 'GATEWAY_CHARGE' NOT NULL,
	"charge_time" text NOT NULL,
	"charge_calculation_method" text NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL,
	"is_range" boolean DEFAULT false NOT NULL,
	"fee_on_date" date,
	"fee_interval" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_charge_type_check" CHECK ("charge_type" IN ('GATEWAY_CHARGE')),
	CONSTRAINT "charges_charge_time_check" CHECK ("charge_time" IN ('TRANSACTION_FEE', 'REFUND_FEE', 'CHARGE_BACK_FEE', 'WEEKLY_FEE', 'MONTHLY_FEE', 'ANNUAL_FEE')),
	CONSTRAINT "charges_calculation_check" CHECK ("charge_calculation_method" IN ('PERCENT', 'FLAT')),
	CONSTRAINT "charges_amount_check" CHECK ("charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_code" text NOT NULL,
	"display_symbol" text NOT NULL,
	"decimal_places" integer NOT NULL,
	"in_multiples_of" numeric(24, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_name_code_unique" UNIQUE("name_code"),
	CONSTRAINT "currencies_decimal_places_check" CHECK ("currencies"."decimal_places" >= 0),
	CONSTRAINT "currencies_in_multiples_of_check" CHECK ("currencies"."in_multiples_of" >= 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"routing_code" text NOT NULL,
	"total_balance" numeric(24, 6) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "gateway_accounts_status_check" CHECK ("status" IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "gl_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"manual_journal_entries_allowed" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gl_accounts_name_unique" UNIQUE("name"),
	CONSTRAINT "gl_accounts_type_check" CHECK ("type" IN ('EXPENSE', 'EQUITY', 'LIABILITY', 'INCOME', 'ASSET')),
	CONSTRAINT "gl_accounts_status_check" CHECK ("status" IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journal_id" uuid NOT NULL,
	"gl_account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_entry_type_check" CHECK ("entry_type" IN ('DEBIT', 'CREDIT')),
	CONSTRAINT "journal_entries_amount_check" CHECK ("journal_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid,
	"event_type" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_accounts_status_check" CHECK ("status" IN ('Success', 'Pending', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "merchant_compliance" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text,
	"type" text,
	"tin" text,
	"business_registration_number" text,
	"tin_certification" jsonb,
	"trade_license" jsonb,
	"moa" jsonb,
	"address_state" text,
	"address_kebele" text,
	"address_city" text,
	"address_house_number" text,
	"address_wereda" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_contact_persons" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"address" text,
	"state" text,
	"id_type" text,
	"document" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"business_name" text,
	"logo" text,
	"phone_number" text,
	"email" text,
	"website" text,
	"industry" text,
	"industry_category" text,
	"employees" integer,
	"transaction_volume" text,
	"address_one" text,
	"address_two" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_merchant_code_unique" UNIQUE("merchant_code"),
	CONSTRAINT "merchants_status_check" CHECK ("status" IN ('ACTIVE', 'PENDING', 'PENDING_VERIFICATION', 'INACTIVE', 'DELETED')),
	CONSTRAINT "merchants_employees_check" CHECK ("merchants"."employees" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"url" text NOT NULL,
	"logo" text NOT NULL,
	"account_number_length" integer NOT NULL,
	"supported_currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_code_unique" UNIQUE("code"),
	CONSTRAINT "payment_methods_type_check" CHECK ("type" IN ('BANK', 'WALLET', 'CARD')),
	CONSTRAINT "payment_methods_status_check" CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "payment_methods_account_number_length_check" CHECK ("payment_methods"."account_number_length" > 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"min_amount" numeric(24, 6) NOT NULL,
	"max_amount" numeric(24, 6) NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_limits_interval_check" CHECK ("interval" IN ('DAILY', 'WEEKLY', 'MONTHLY')),
	CONSTRAINT "transaction_limits_status_check" CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "transaction_limits_amounts_check" CHECK ("transaction_limits"."min_amount" >= 0 AND "transaction_limits"."max_amount" > "transaction_limits"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_ref" text NOT NULL,
	"transaction_date" timestamp with time zone NOT NULL,
	"merchant_id" uuid,
	"customer_first_name" text,
	"customer_last_name" text,
	"customer_phone_number" text,
	"customer_name" text GENERATED ALWAYS AS (btrim(coalesce(customer_first_name, '') || ' ' || coalesce(customer_last_name, ''))) STORED,
	"amount" numeric(24, 6) NOT NULL,
	"fee" numeric(24, 6) DEFAULT '0' NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"currency_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"gateway_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_txn_ref_unique" UNIQUE("txn_ref"),
	CONSTRAINT "transactions_status_check" CHECK ("status" IN ('SUCCESS', 'PENDING', 'FAILED', 'CHECKED_OUT', 'CANCELED', 'PAY_OUT')),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" >= 0 AND "transactions"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"preferred_username" text NOT NULL,
	"password_hash" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_gl_account_id_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_ranges" ADD CONSTRAINT "charge_ranges_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_accounts" ADD CONSTRAINT "gateway_accounts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_gl_account_id_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_compliance" ADD CONSTRAINT "merchant_compliance_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_contact_persons" ADD CONSTRAINT "merchant_contact_persons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD CONSTRAINT "transaction_limits_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_gateway_account_id_gateway_accounts_id_fk" FOREIGN KEY ("gateway_account_id") REFERENCES "public"."gateway_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_mappings_lookup_idx" ON "account_mappings" USING btree ("financial_account_type","payment_method_id","charge_id");--> statement-breakpoint
CREATE INDEX "account_mappings_gl_account_idx" ON "account_mappings" USING btree ("gl_account_id");--> statement-breakpoint
CREATE INDEX "account_mappings_charge_idx" ON "account_mappings" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "account_mappings_payment_method_idx" ON "account_mappings" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "account_mappings_created_at_idx" ON "account_mappings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "charges_currency_idx" ON "charges" USING btree ("currency_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "currencies_name_trgm_idx" ON "currencies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gateway_accounts_payment_method_idx" ON "gateway_accounts" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "gateway_accounts_created_at_idx" ON "gateway_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gateway_accounts_code_trgm_idx" ON "gateway_accounts" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gateway_accounts_account_number_trgm_idx" ON "gateway_accounts" USING gin ("account_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gl_accounts_status_created_at_idx" ON "gl_accounts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gl_accounts_created_at_idx" ON "gl_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gl_accounts_name_trgm_idx" ON "gl_accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "journal_entries_journal_idx" ON "journal_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "journal_entries_gl_account_idx" ON "journal_entries" USING btree ("gl_account_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_created_at_idx" ON "journal_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "journal_entries_entry_type_created_at_idx" ON "journal_entries" USING btree ("entry_type","created_at","id");--> statement-breakpoint
CREATE INDEX "journals_transaction_idx" ON "journals" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "journals_created_at_idx" ON "journals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_accounts_merchant_idx" ON "merchant_accounts" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_accounts_payment_method_idx" ON "merchant_accounts" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "merchants_created_at_idx" ON "merchants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_status_created_at_idx" ON "merchants" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_business_name_trgm_idx" ON "merchants" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_merchant_code_trgm_idx" ON "merchants" USING gin ("merchant_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_phone_number_trgm_idx" ON "merchants" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_email_trgm_idx" ON "merchants" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_created_at_idx" ON "payment_methods" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_methods_name_trgm_idx" ON "payment_methods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_supported_currencies_idx" ON "payment_methods" USING gin ("supported_currencies");--> statement-breakpoint
CREATE INDEX "transaction_limits_payment_method_idx" ON "transaction_limits" USING btree ("payment_method_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_date_idx" ON "transactions" USING btree ("transaction_date","id");--> statement-breakpoint
CREATE INDEX "transactions_status_date_idx" ON "transactions" USING btree ("status","transaction_date","id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_date_idx" ON "transactions" USING btree ("merchant_id","transaction_date","id");--> statement-breakpoint
CREATE INDEX "transactions_currency_idx" ON "transactions" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "transactions_payment_method_idx" ON "transactions" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "transactions_gateway_account_idx" ON "transactions" USING btree ("gateway_account_id");--> statement-breakpoint
CREATE INDEX "transactions_txn_ref_trgm_idx" ON "transactions" USING gin ("txn_ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_name_trgm_idx" ON "transactions" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_phone_trgm_idx" ON "transactions" USING gin ("customer_phone_number" gin_trgm_ops);
--> statement-breakpoint
-- Hand-added: payment_methods.supported_currencies holds currency name codes in an array, which a
-- foreign key cannot cover. This trigger gives it the same guarantees: deleting a listed currency
-- fails with foreign_key_violation (23503, like the real foreign keys), and renaming a name_code
-- follows into the arrays.
CREATE FUNCTION "currencies_supported_by_payment_methods"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "payment_methods" WHERE "supported_currencies" @> ARRAY[OLD."name_code"]) THEN
      RAISE EXCEPTION 'currency % is supported by a payment method', OLD."name_code"
        USING ERRCODE = 'foreign_key_violation', TABLE = 'currencies',
              CONSTRAINT = 'payment_methods_supported_currencies_fkey';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW."name_code" IS DISTINCT FROM OLD."name_code" THEN
    UPDATE "payment_methods"
      SET "supported_currencies" = array_replace("supported_currencies", OLD."name_code", NEW."name_code")
      WHERE "supported_currencies" @> ARRAY[OLD."name_code"];
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "currencies_supported_by_payment_methods"
  BEFORE DELETE OR UPDATE OF "name_code" ON "currencies"
  FOR EACH ROW EXECUTE FUNCTION "currencies_supported_by_payment_methods"();
