import type { PaymentMethod } from '@contract/payment-method';
import { Anchor, Group, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { InitialsAvatar } from '@/components/initials-avatar';
import { RowButton } from '@/components/row-button';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { ACTIVATE_BUTTON_STYLES, ACTIVE_STATUS_COLORS, commandFor } from '@/lib/activation';
import { displayUrl, externalUrl } from '@/lib/format';
import { UI_PAYMENT_METHODS } from './copy';

const helper = createColumnHelper<ListTableFeatures, PaymentMethod>();
const C = UI_PAYMENT_METHODS.columns;
const T = UI_PAYMENT_METHODS;

export interface PaymentMethodColumnsOptions {
  /** First row number of the page minus one (numbers continue across pages). */
  offset: number;
  onDetail: (method: PaymentMethod) => void;
  /** Absent without update-payment-method: no Edit button. */
  onEdit?: ((method: PaymentMethod) => void) | undefined;
  /** Absent without change-status-payment-method: no Activate/Deactivate button. */
  onChangeStatus?: ((method: PaymentMethod) => void) | undefined;
}

/** Spec §2 payment-method columns; Detail is shown to all, Edit and the status action by permission. */
export function paymentMethodColumns({
  offset,
  onDetail,
  onEdit,
  onChangeStatus,
}: PaymentMethodColumnsOptions) {
  return helper.columns([
    rowNumberColumn<PaymentMethod>(offset),
    helper.display({
      id: 'logo',
      header: C.logo,
      cell: ({ row }) => <InitialsAvatar name={row.original.name} src={row.original.logo} />,
    }),
    helper.accessor('name', {
      header: C.name,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('type', { header: C.type, cell: (info) => T.types[info.getValue()] }),
    helper.accessor('url', {
      header: C.website,
      cell: (info) => (
        <Anchor href={externalUrl(info.getValue())} target="_blank" rel="noopener noreferrer" size="sm">
          {displayUrl(info.getValue())}
        </Anchor>
      ),
    }),
    helper.accessor('status', {
      header: C.status,
      cell: (info) => <StatusBadge value={info.getValue()} colors={ACTIVE_STATUS_COLORS} />,
    }),
    helper.display({
      id: 'actions',
      header: C.actions,
      cell: ({ row }) => {
        const method = row.original;
        const command = commandFor(method.status);
        return (
          <Group gap="xs" wrap="nowrap">
            <RowButton variant="light" aria-label={T.detailOf(method.name)} onClick={() => onDetail(method)}>
              {T.detail}
            </RowButton>
            {onEdit ? (
              <RowButton variant="default" aria-label={T.editOf(method.name)} onClick={() => onEdit(method)}>
                {T.edit}
              </RowButton>
            ) : null}
            {onChangeStatus ? (
              <RowButton
                variant="light"
                color={command === 'activate' ? 'green' : 'red'}
                styles={command === 'activate' ? ACTIVATE_BUTTON_STYLES : undefined}
                aria-label={command === 'activate' ? T.activateOf(method.name) : T.deactivateOf(method.name)}
                onClick={() => onChangeStatus(method)}
              >
                {command === 'activate' ? T.activate : T.deactivate}
              </RowButton>
            ) : null}
          </Group>
        );
      },
    }),
  ]);
}
