import type { Currency } from '@contract/currency';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { RowActions } from '@/components/row-actions';
import { RowButton } from '@/components/row-button';
import { rowNumberColumn } from '@/components/row-number-column';
import { UI_CURRENCIES } from './copy';

const helper = createColumnHelper<ListTableFeatures, Currency>();
const C = UI_CURRENCIES.columns;

export interface CurrencyColumnsOptions {
  /** First row number of the page minus one (numbers continue across pages). */
  offset: number;
  /** Detail opens the currency's charges; shown only with view-charge (the detail route's permission). */
  canOpenDetail: boolean;
  /** Absent without update-currency. */
  onEdit?: ((currency: Currency) => void) | undefined;
  /** Absent without delete-currency. */
  onDelete?: ((currency: Currency) => void) | undefined;
}

/** Spec §2 Currencies columns: number, name, name code, symbol, decimal places, multiples of, actions. */
export function currencyColumns({ offset, canOpenDetail, onEdit, onDelete }: CurrencyColumnsOptions) {
  const columns = helper.columns([
    rowNumberColumn<Currency>(offset),
    helper.accessor('name', { header: C.name }),
    helper.accessor('name_code', { header: C.nameCode }),
    helper.accessor('display_symbol', { header: C.symbol }),
    helper.accessor('decimal_places', { header: C.decimalPlaces }),
    helper.accessor('in_multiples_of', { header: C.multiplesOf }),
  ]);
  if (!canOpenDetail && !onEdit && !onDelete) return columns;
  return [
    ...columns,
    helper.display({
      id: 'actions',
      header: C.actions,
      cell: ({ row }) => {
        const currency = row.original;
        return (
          <RowActions
            actions={[
              onEdit && {
                label: UI_CURRENCIES.edit,
                ariaLabel: UI_CURRENCIES.editOf(currency.name_code),
                onClick: () => onEdit(currency),
              },
              onDelete && {
                label: UI_CURRENCIES.delete,
                ariaLabel: UI_CURRENCIES.deleteOf(currency.name_code),
                onClick: () => onDelete(currency),
                tone: 'danger',
              },
            ]}
          >
            {canOpenDetail ? (
              <RowButton
                variant="light"
                renderRoot={(props) => (
                  <Link to="/currency/currency-detail/$id" params={{ id: currency.id }} {...props} />
                )}
                aria-label={UI_CURRENCIES.detailOf(currency.name_code)}
              >
                {UI_CURRENCIES.detail}
              </RowButton>
            ) : null}
          </RowActions>
        );
      },
    }),
  ];
}
