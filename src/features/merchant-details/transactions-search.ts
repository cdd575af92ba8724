import { TRANSACTION_SORT_DEFAULT, TRANSACTION_SORT_KEYS } from '@contract/list-sort';
import { TRANSACTION_SORT_COLUMNS } from '@/entities/transaction/sort-columns';
import { listSort } from '@/lib/list-sort';
import type { MerchantTransactionParams } from '@/queries/merchants';

/**
 * The Transactions tab's list state in the merchant page's URL. Apart from the tab's component: the
 * route's search schema reads the sort, and what the route's search imports is in the entry chunk
 * (decision 050).
 */

/** Sortable headers (issue 24), as on Transactions; newest first. */
export const MERCHANT_TRANSACTION_SORT = listSort(
  TRANSACTION_SORT_KEYS,
  TRANSACTION_SORT_DEFAULT,
  TRANSACTION_SORT_COLUMNS,
);

/** The tab's query params for the URL's list state: no sort for the default order. */
export function merchantTransactionParams(search: MerchantTransactionParams): MerchantTransactionParams {
  const { page, limit, status, sort } = search;
  return { page, limit, status, sort: MERCHANT_TRANSACTION_SORT.sent(sort) };
}
