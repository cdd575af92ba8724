import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PagedList } from '@/components/paged-list';
import { transactionColumns } from '@/entities/transaction/columns';
import { usePrefetchNeighbours } from '@/lib/list-route';
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

function isFilter(value: string | null): value is MerchantTransactionFilter {
  return (MERCHANT_TRANSACTION_FILTERS as readonly (string | null)[]).includes(value);
}

export interface TransactionsTabProps {
  merchantId: string;
  params: MerchantTransactionParams;
  /** Writes the change into the URL (`?status`, `?page`, `?limit`). */
  onChange: (change: Partial<MerchantTransactionParams>) => void;
}

/** The merchant's transactions, with a status select and the list kit's states (spec §2). */
export function TransactionsTab({ merchantId, params, onChange }: TransactionsTabProps) {
  const query = useQuery(merchantTransactionQueries.list(merchantId, params));
  usePrefetchNeighbours(
    (page: MerchantTransactionParams) => merchantTransactionQueries.list(merchantId, page),
    params,
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
      />
    </Stack>
  );
}
