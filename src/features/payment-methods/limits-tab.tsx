import { PERMISSIONS } from '@contract/permissions';
import type { TransactionLimit, TransactionLimitPayload } from '@contract/transaction-limit';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { ListState } from '@/components/list-state';
import { groupDigits } from '@/lib/money';
import { usePermission } from '@/lib/permissions';
import {
  transactionLimitQueries,
  useCreateTransactionLimit,
  useDeleteTransactionLimit,
  useUpdateTransactionLimit,
} from '@/queries/transaction-limits';
import { UI_PAYMENT_METHODS } from './copy';
import { limitColumns } from './limit-columns';
import { LimitFormDialog } from './limit-form-dialog';

const L = UI_PAYMENT_METHODS.limits;

type Editing = { limit: TransactionLimit | null } | null;

/** One empty array while loading, so the table's data keeps its identity between renders. */
const NO_LIMITS: TransactionLimit[] = [];

/**
 * The Transaction Limit tab (spec §2): the method's limits with add, edit and delete. Spec §6 puts
 * no permission on these; the buttons follow update-payment-method, which the server requires for
 * every limit change (docs/spec-deviations.md), so nobody is offered a button that can only fail.
 */
export function LimitsTab({ paymentMethodId }: { paymentMethodId: string }) {
  const query = useQuery({ ...transactionLimitQueries.ofMethod(paymentMethodId), retryOnMount: false });
  const canChange = usePermission(PERMISSIONS.updatePaymentMethod);
  const create = useCreateTransactionLimit();
  const update = useUpdateTransactionLimit();
  const remove = useDeleteTransactionLimit();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TransactionLimit | null>(null);

  const columns = useMemo(
    () =>
      limitColumns({
        onEdit: canChange ? (limit) => setEditing({ limit }) : undefined,
        onDelete: canChange ? setDeleting : undefined,
      }),
    [canChange],
  );

  const save = (payload: TransactionLimitPayload) => {
    const limit = editing?.limit;
    if (!limit) return create.mutateAsync(payload);
    const { min_amount, max_amount, interval } = payload;
    return update.mutateAsync({
      id: limit.id,
      paymentMethodId,
      payload: { min_amount, max_amount, interval },
    });
  };

  return (
    <Stack gap="sm">
      {canChange ? (
        <Group justify="flex-end">
          <Button onClick={() => setEditing({ limit: null })}>{L.add}</Button>
        </Group>
      ) : null}
      <ListState
        status={query.status}
        isEmpty={query.data?.length === 0}
        isFiltered={false}
        dataType={L.dataType}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        skeleton={{ rows: 3, columns: columns.length }}
      >
        <DataTable
          label={L.dataType}
          columns={columns}
          data={query.data ?? NO_LIMITS}
          getRowId={(l) => l.id}
        />
      </ListState>
      <LimitFormDialog
        opened={editing !== null}
        paymentMethodId={paymentMethodId}
        limit={editing?.limit ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        type="DEACTIVATE"
        title={L.deleteTitle}
        message={
          deleting
            ? L.deleteMessage(
                L.intervals[deleting.interval].toLowerCase(),
                groupDigits(deleting.min_amount),
                groupDigits(deleting.max_amount),
              )
            : ''
        }
        confirmLabel={L.delete}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting
            ? remove.mutateAsync({ id: deleting.id, paymentMethodId }).finally(() => setDeleting(null))
            : undefined
        }
      />
    </Stack>
  );
}
