-- Issue 22, the platform half: API clients (machine credentials, docs/decisions/033) and the
-- idempotency records of their calls (docs/decisions/034).
CREATE TABLE "api_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"revoked_by_name" text,
	CONSTRAINT "api_clients_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "api_clients_key_id_format" CHECK ("api_clients"."key_id" ~ '^[0-9a-f]{16}$'),
	CONSTRAINT "api_clients_secret_hash_format" CHECK ("api_clients"."secret_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "api_clients_scopes" CHECK (cardinality("api_clients"."scopes") >= 1 AND "api_clients"."scopes" <@ ARRAY['payments:write', 'payouts:write', 'disputes:write']::text[])
);
--> statement-breakpoint
CREATE INDEX "api_clients_created_idx" ON "api_clients" USING btree ("created_at","id");
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_id_api_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "api_client_id" uuid;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;
