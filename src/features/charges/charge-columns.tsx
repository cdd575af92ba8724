import type { Charge } from '@contract/charge';
import { RowActions, withActionsColumn } from '@/components/row-actions';
import { chargeColumns as sharedChargeColumns } from '@/entities/charge/columns';
import { UI_CHARGES } from './copy';

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
  return withActionsColumn<Charge, (typeof columns)[number]>(
    columns,
    C.actions,
    (onUpdate || onDelete) &&
      ((charge) => (
        <RowActions
          actions={[
            onUpdate && {
              label: UI_CHARGES.update,
              ariaLabel: UI_CHARGES.updateOf(charge.name),
              onClick: () => onUpdate(charge),
            },
            onDelete && {
              label: UI_CHARGES.delete,
              ariaLabel: UI_CHARGES.deleteOf(charge.name),
              onClick: () => onDelete(charge),
              tone: 'danger',
            },
          ]}
        />
      )),
  );
}
