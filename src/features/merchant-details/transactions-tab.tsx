import { TRANSACTION_SORT_DEFAULT, TRANSACTION_SORT_KEYS } from '@contract/list-sort';
import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PagedList } from '@/components/paged-list';
import { transactionColumns } from '@/entities/transaction/columns';
import { usePrefetchNeighbours } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import {
  MERCHANT_TRANSACTION_FILTERS,
  type MerchantTransactionFilter,
  type MerchantTransactionParams,
  merchantTransactionQueries,
} from '@/queries/merchants';
import { UI_MERCHANT_DETAILS } from './copy';

const STATUS_OPTIONS = MERCHANT_TRANSACTION_FILTERS.map((value) => ({
  value,
  label: UI_MERCHANT_DETAILS.transactions.filters[value],
}));

/** Sortable headers (issue 24), as on Transactions: column id to the API's sort key; newest first. */
export const MERCHANT_TRANSACTION_SORT = listSort(TRANSACTION_SORT_KEYS, TRANSACTION_SORT_DEFAULT, {
  transaction_date: 'date',
  reference: 'reference',
  customer: 'customer',
  amount: 'amount',
  type: 'type',
  status: 'status',
});

/** The tab's query params for the URL's list state: no sort for the default order. */
export function merchantTransactionParams(search: MerchantTransactionParams): MerchantTransactionParams {
  const { page, limit, status, sort } = search;
  return { page, limit, status, sort: MERCHANT_TRANSACTION_SORT.sent(sort) };
}

function isFilter(value: string | null): value is MerchantTransactionFilter {
  return (MERCHANT_TRANSACTION_FILTERS as readonly (string | null)[]).includes(value);
}

export interface TransactionsTabProps {
  merchantId: string;
  params: MerchantTransactionParams;
  /** Writes the change into the URL (`?status`, `?page`, `?limit`, `?sort`). */
  onChange: (change: Partial<MerchantTransactionParams>) => void;
}

/** The merchant's transactions, with a status select and the list kit's states (spec §2). */
export function TransactionsTab({ merchantId, params, onChange }: TransactionsTabProps) {
  const sent = merchantTransactionParams(params);
  const query = useQuery(merchantTransactionQueries.list(merchantId, sent));
  usePrefetchNeighbours(
    (page: MerchantTransactionParams) => merchantTransactionQueries.list(merchantId, page),
    sent,
    query,
  );
  const data = query.data;
  return (
    <Stack gap="sm">
      <Group>
        <Select
          label={UI_MERCHANT_DETAILS.transactions.status}
          data={STATUS_OPTIONS}
          value={params.status}
          allowDeselect={false}
          w={200}
          onChange={(value) => isFilter(value) && onChange({ status: value, page: 1 })}
        />
      </Group>
      <PagedList
        query={query}
        columns={transactionColumns}
        dataType={UI_MERCHANT_DETAILS.transactions.dataType}
        page={params.page}
        limit={params.limit}
        isEmpty={data?.is_empty ?? false}
        isFiltered={false}
        getRowId={(t) => t.id}
        onPageChange={(change) => onChange(change)}
        sorting={MERCHANT_TRANSACTION_SORT.sorting(params.sort, (sort) => onChange({ sort, page: 1 }))}
      />
    </Stack>
  );
}
