import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PagedList } from '@/components/paged-list';
import { transactionColumns } from '@/entities/transaction/columns';
import { usePrefetchNeighbours } from '@/lib/list-route';
import { MERCHANT_TRANSACTION_FILTERS, type MerchantTransactionFilter } from '@/queries/merchant-filters';
import { type MerchantTransactionParams, merchantTransactionQueries } from '@/queries/merchants';
import { UI_MERCHANT_DETAILS } from './copy';
import { MERCHANT_TRANSACTION_SORT, merchantTransactionParams } from './transactions-search';

const STATUS_OPTIONS = MERCHANT_TRANSACTION_FILTERS.map((value) => ({
  value,
  label: UI_MERCHANT_DETAILS.transactions.filters[value],
}));

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
