-- The merchant timeline (decision 046) reads a merchant's payout requests newest first, and through
-- them their decisions. Payouts are a small share of transactions: a partial index keeps that read
-- to the merchant's payouts instead of walking all of its transactions, at little write cost.
CREATE INDEX IF NOT EXISTS "transactions_merchant_payout_date_idx" ON "transactions" USING btree ("merchant_id","transaction_date","id") WHERE "transactions"."type" = 'PAYOUT';
