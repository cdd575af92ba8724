import type { Charge, ChargePayload } from '@contract/charge';
import { PERMISSIONS } from '@contract/permissions';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { ListState } from '@/components/list-state';
import { usePermission } from '@/lib/permissions';
import { chargeQueries, useCreateCharge, useDeleteCharge, useUpdateCharge } from '@/queries/charges';
import { chargeColumns } from './charge-columns';
import { ChargeFormDialog } from './charge-form-dialog';
import { UI_CHARGES } from './copy';

/** One empty array while loading, so the table's data keeps its identity. */
const NO_ROWS: Charge[] = [];

/** Which form is open: none, add (null charge) or update. */
type Editing = { charge: Charge | null } | null;

/**
 * The currency detail's right side (spec §2): its gateway charges with add, update and delete, each
 * shown only with its spec §6 permission on `charges`.
 */
export function CurrencyCharges({
  currencyId,
  decimalPlaces,
}: {
  currencyId: string;
  /** The currency's places, for the amounts; undefined while the currency itself loads. */
  decimalPlaces: number | undefined;
}) {
  const query = useQuery({ ...chargeQueries.ofCurrency(currencyId), retryOnMount: false });
  const canCreate = usePermission(PERMISSIONS.createCharge);
  const canUpdate = usePermission(PERMISSIONS.updateCharge);
  const canDelete = usePermission(PERMISSIONS.deleteCharge);
  const create = useCreateCharge();
  const update = useUpdateCharge();
  const remove = useDeleteCharge();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Charge | null>(null);

  const columns = useMemo(
    () =>
      chargeColumns({
        decimalPlaces,
        onUpdate: canUpdate ? (charge) => setEditing({ charge }) : undefined,
        onDelete: canDelete ? setDeleting : undefined,
      }),
    [decimalPlaces, canUpdate, canDelete],
  );

  const save = (payload: ChargePayload) => {
    const charge = editing?.charge;
    return charge ? update.mutateAsync({ id: charge.id, payload }) : create.mutateAsync(payload);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {UI_CHARGES.title}
        </Title>
        {canCreate ? (
          <Button size="sm" onClick={() => setEditing({ charge: null })}>
            {UI_CHARGES.add}
          </Button>
        ) : null}
      </Group>
      <ListState
        status={query.status}
        isEmpty={query.data?.total === 0}
        isFiltered={false}
        dataType={UI_CHARGES.dataType}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        skeleton={{ rows: 3, columns: columns.length }}
      >
        <DataTable
          label={UI_CHARGES.dataType}
          columns={columns}
          data={query.data?.contents ?? NO_ROWS}
          getRowId={(c) => c.id}
        />
      </ListState>
      <ChargeFormDialog
        opened={editing !== null}
        currencyId={currencyId}
        charge={editing?.charge ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        type="DEACTIVATE"
        title={UI_CHARGES.deleteTitle}
        message={deleting ? UI_CHARGES.deleteMessage(deleting.name) : undefined}
        confirmLabel={UI_CHARGES.delete}
        onConfirm={() =>
          deleting ? remove.mutateAsync(deleting.id).finally(() => setDeleting(null)) : undefined
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
