import { MERCHANT_TRANSACTION_DEFAULT_FILTERS } from '@contract/transaction';

/**
 * The merchant screens' filters as their URLs write them. Apart from merchants.ts: the routes'
 * search schemas read them, and whatever a route's search imports is in the entry chunk, which
 * should not carry the queries (decision 050).
 */

/** The merchants list's `filter` search param (spec §2), as written in the URL. */
export const MERCHANT_FILTERS = ['all', 'pending', 'pending-verification', 'verified', 'inactive'] as const;
export type MerchantFilter = (typeof MERCHANT_FILTERS)[number];

/**
 * The merchant Transactions tab's `status` search param: the merchant endpoint's defaults (spec §2)
 * plus 'all', which sends no status so the server applies them.
 */
export const MERCHANT_TRANSACTION_FILTERS = ['all', ...MERCHANT_TRANSACTION_DEFAULT_FILTERS] as const;
export type MerchantTransactionFilter = (typeof MERCHANT_TRANSACTION_FILTERS)[number];
