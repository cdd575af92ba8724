CREATE TABLE "transaction_customer_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_customer_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "transaction_customer_names_trgm_idx" ON "transaction_customer_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_name_idx" ON "transactions" USING btree ("customer_name","status","type","transaction_date","merchant_id");--> statement-breakpoint
-- Keeps transaction_customer_names a superset of the names transactions carry (docs/decisions/011).
-- Statement-level with transition tables: a bulk insert adds its distinct names in one statement.
-- Sorted, so two writers adding the same new names take their index locks in the same order.
CREATE FUNCTION "transaction_customer_names_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_customer_names" ("name")
  SELECT DISTINCT "customer_name" FROM "new_rows" WHERE "customer_name" <> '' ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_customer_names_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_customer_names_add"();
--> statement-breakpoint
CREATE TRIGGER "transactions_customer_names_update" AFTER UPDATE ON "transactions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_customer_names_add"();
--> statement-breakpoint
-- A database created before this migration already holds transactions: collect their names once.
INSERT INTO "transaction_customer_names" ("name")
SELECT DISTINCT "customer_name" FROM "transactions" WHERE "customer_name" <> '';
