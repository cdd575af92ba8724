import type { FilterOption } from '@/components/filter-panel';
import { TRANSACTION_FILTERS, type TransactionFilter } from '@/queries/transactions';
import { UI_TRANSACTIONS } from './copy';

/** The left panel of spec §2 Transactions, in its order. */
export const TRANSACTION_FILTER_PANEL_OPTIONS: readonly FilterOption<TransactionFilter>[] =
  TRANSACTION_FILTERS.map((value) => ({ value, label: UI_TRANSACTIONS.filters[value] }));
