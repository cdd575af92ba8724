import type { AccountMapping } from '@contract/account-mapping';
import { Badge, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { humanizeEnum, orDash } from '@/lib/format';
import { chargeKind } from './charge-kind';
import { UI_ACCOUNT_MAPPINGS } from './copy';

const helper = createColumnHelper<ListTableFeatures, AccountMapping>();
const C = UI_ACCOUNT_MAPPINGS.columns;

/**
 * Spec §2 Account mappings columns: index, financial account type, payment method name, charge
 * (ours: its name and kind beside the amount, chargeKind), GL account name, currency (the charge's); dashes where a mapping has no such value.
 * Ours: a "Superseded" badge on mappings a newer one with the same key replaced (decision 009).
 */
export function accountMappingColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<AccountMapping>(offset),
    helper.accessor('financial_account_type', {
      header: C.financialAccountType,
      // Ours: a superseded mapping stays listed as history; the badge says the ledger no longer uses it.
      cell: (info) =>
        info.row.original.in_force ? (
          humanizeEnum(info.getValue())
        ) : (
          <Group gap="xs" wrap="nowrap">
            <span>{humanizeEnum(info.getValue())}</span>
            <Badge color="gray" variant="light" title={UI_ACCOUNT_MAPPINGS.supersededHint}>
              {UI_ACCOUNT_MAPPINGS.superseded}
            </Badge>
          </Group>
        ),
    }),
    helper.accessor((m) => m.payment_method?.name, {
      id: 'paymentMethod',
      header: C.paymentMethod,
      cell: (info) => orDash(info.getValue()),
    }),
    helper.accessor((m) => m.charge ?? undefined, {
      id: 'charge',
      header: C.charge,
      // The name and kind: two ranged charges both have the amount 0.
      cell: (info) => {
        const charge = info.getValue();
        return charge === undefined
          ? orDash(charge)
          : UI_ACCOUNT_MAPPINGS.chargeCell(charge.name, chargeKind(charge));
      },
    }),
    helper.accessor((m) => m.gl_account.name, { id: 'glAccount', header: C.glAccount }),
    helper.accessor((m) => m.charge?.currency.name, {
      id: 'currency',
      header: C.currency,
      cell: (info) => orDash(info.getValue()),
    }),
  ]);
}
