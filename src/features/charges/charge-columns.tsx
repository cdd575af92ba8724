import type { Charge } from '@contract/charge';
import { Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { RowButton } from '@/components/row-button';
import { chargeColumns as sharedChargeColumns } from '@/entities/charge/columns';
import { UI_CHARGES } from './copy';

const helper = createColumnHelper<ListTableFeatures, Charge>();
const C = UI_CHARGES.columns;

export interface ChargeColumnsOptions {
  /** The currency's decimal places; unknown while (or if) the currency has not loaded. */
  decimalPlaces: number | undefined;
  /** Absent without update-charge. */
  onUpdate?: ((charge: Charge) => void) | undefined;
  /** Absent without delete-charge. */
  onDelete?: ((charge: Charge) => void) | undefined;
}

/** A currency's charges: the columns every charge table shows, then Update and Delete. */
export function chargeColumns({ decimalPlaces, onUpdate, onDelete }: ChargeColumnsOptions) {
  const columns = sharedChargeColumns(decimalPlaces);
  if (!onUpdate && !onDelete) return columns;
  return [
    ...columns,
    helper.display({
      id: 'actions',
      header: C.actions,
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          {onUpdate ? (
            <RowButton
              variant="default"
              aria-label={UI_CHARGES.updateOf(row.original.name)}
              onClick={() => onUpdate(row.original)}
            >
              {UI_CHARGES.update}
            </RowButton>
          ) : null}
          {onDelete ? (
            <RowButton
              color="red"
              variant="light"
              aria-label={UI_CHARGES.deleteOf(row.original.name)}
              onClick={() => onDelete(row.original)}
            >
              {UI_CHARGES.delete}
            </RowButton>
          ) : null}
        </Group>
      ),
    }),
  ];
}
