import { UI, UI_MERCHANT_DETAILS } from '@contract/messages';
import type { Transaction } from '@contract/transaction';
import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table';
import { ListState } from '@/components/list-state';
import { Pager } from '@/components/pager';
import { transactionColumns } from '@/components/transaction-columns';
import {
  MERCHANT_TRANSACTION_FILTERS,
  type MerchantTransactionFilter,
  type MerchantTransactionParams,
  merchantTransactionQueries,
} from '@/queries/merchants';

const NO_TRANSACTIONS: Transaction[] = [];

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
      <ListState
        status={query.status}
        isEmpty={data?.is_empty ?? false}
        isFiltered={false}
        dataType={UI.transactions.title}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        skeleton={{ rows: params.limit, columns: 8 }}
      >
        <DataTable
          label={UI.transactions.title}
          columns={transactionColumns}
          data={data?.contents ?? NO_TRANSACTIONS}
          getRowId={(t) => t.id}
          isFetching={query.isPlaceholderData}
        />
        {data && data.total > 0 ? (
          <Pager
            page={params.page}
            limit={params.limit}
            total={data.total}
            totalPages={data.total_pages}
            onPageChange={(page) => onChange({ page })}
            onLimitChange={(limit) => onChange({ limit, page: 1 })}
          />
        ) : null}
      </ListState>
    </Stack>
  );
}
