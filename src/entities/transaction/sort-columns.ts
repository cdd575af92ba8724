import type { TransactionSortKey } from '@contract/list-sort';

/**
 * Sortable headers of a transactions table (issue 24): column id to the API's sort key. Data only,
 * apart from the columns' components: a route's search schema reads it, and what a route's search
 * imports is in the entry chunk (decision 050).
 */
export const TRANSACTION_SORT_COLUMNS: Readonly<Record<string, TransactionSortKey>> = {
  transaction_date: 'date',
  reference: 'reference',
  customer: 'customer',
  amount: 'amount',
  type: 'type',
  status: 'status',
};
