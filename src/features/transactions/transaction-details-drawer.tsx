import { PERMISSIONS } from '@contract/permissions';
import type { TransactionDetail, TransactionPage } from '@contract/transaction';
import { Alert, Button, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { UI_KIT } from '@/components/copy';
import { DetailEntry } from '@/components/detail-entry';
import { LazyBody, lazyPart } from '@/components/lazy-part';
import { StatusBadge } from '@/components/status-badge';
import { UI_TRANSACTION } from '@/entities/transaction/copy';
import { transactionTime } from '@/entities/transaction/format';
import { TRANSACTION_STATUS_COLORS } from '@/entities/transaction/status-colors';
import { isApiError, isMissing } from '@/lib/errors';
import { currencyName, humanizeEnum, orDash } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { usePermission } from '@/lib/permissions';
import { transactionQueries } from '@/queries/transactions';
import { UI_TRANSACTION_DETAILS as D } from './copy';

/**
 * The refund and dispute section comes when a payment or refund is first opened (decision 080):
 * its dialogs bring the form kit, which the list page's first load does not otherwise need.
 */
const moneyFlows = lazyPart(() => import('./money-flows-section'));

export interface TransactionDrawerProps {
  /** The `?tx=` search param: the open transaction, or undefined when the drawer is closed. */
  id: string | undefined;
  onClose: () => void;
}

/**
 * One transaction's every field, opened from a row of the Transactions list. The row the list
 * already holds is shown at once while `GET transactions/{id}` confirms it, so a click never waits;
 * a link with `?tx=` (no list row cached) loads it.
 */
export function TransactionDetailsDrawer({ id, onClose }: TransactionDrawerProps) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...transactionQueries.detail(id ?? ''),
    enabled: id !== undefined,
    placeholderData: () =>
      id
        ? cachedRow(queryClient.getQueriesData<TransactionPage>({ queryKey: transactionQueries.lists() }), id)
        : undefined,
  });

  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      size="md"
      title={D.title}
      closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
    >
      {query.data ? (
        // A list row stands in until the detail arrives; its decision is not known yet.
        <Stack gap="lg">
          <TransactionFields transaction={query.data} decisionKnown={!query.isPlaceholderData} />
          {query.data.type === 'PAYMENT' || query.data.type === 'REFUND' ? (
            <MoneyFlows transaction={query.data} />
          ) : null}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={isApiError(query.error) ? query.error.message : UI_KIT.list.failed}>
          {isMissing(query.error) ? (
            // Asking again cannot find it: the way out is back to the list.
            <Button size="xs" variant="default" mt="xs" onClick={onClose}>
              {D.backToList}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              mt="xs"
              onClick={() => query.refetch()}
              loading={query.isFetching}
            >
              {UI_KIT.list.retry}
            </Button>
          )}
        </Alert>
      ) : (
        <Stack gap="md" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

function MoneyFlows({ transaction }: { transaction: TransactionDetail }) {
  return (
    // The drawer's fields are already there to read and tab through: the section's arrival must
    // not move focus.
    <LazyBody part={moneyFlows} focusOnArrival={false}>
      {({ MoneyFlowsSection }) => <MoneyFlowsSection transaction={transaction} />}
    </LazyBody>
  );
}

function cachedRow(
  pages: readonly [unknown, TransactionPage | undefined][],
  id: string,
): TransactionDetail | undefined {
  for (const [, page] of pages) {
    const row = page?.contents.find((t) => t.id === id);
    if (row) return { ...row, decision: null };
  }
  return undefined;
}

/** 'Approved by' or 'Rejected by' the person recorded (or 'Not recorded'), then when. */
function decisionField(t: TransactionDetail): [string, ReactNode] | null {
  const { decision } = t;
  if (!decision) return null;
  const label = t.status === 'CANCELED' ? D.fields.rejectedBy : D.fields.approvedBy;
  const { time, date } = transactionTime(decision.at);
  return [label, `${decision.by?.name ?? D.notRecorded}, ${time}, ${date}`];
}

function TransactionFields({
  transaction: t,
  decisionKnown,
}: {
  transaction: TransactionDetail;
  decisionKnown: boolean;
}) {
  const canViewMerchant = usePermission(PERMISSIONS.viewMerchant);
  const canViewJournal = usePermission(PERMISSIONS.viewJournalEntry);
  const { time, date } = transactionTime(t.transaction_date);
  const currency = t.transaction_method.currency;
  const method = t.transaction_method.payment_method;
  const merchant = t.merchant;
  const fields: readonly [string, ReactNode][] = [
    [
      D.fields.id,
      <Text key="id" size="sm" ff="monospace">
        {t.id}
      </Text>,
    ],
    [
      D.fields.reference,
      <Text key="ref" size="sm" ff="monospace">
        {t.reference.txn_ref}
      </Text>,
    ],
    [D.fields.date, `${time}, ${date}`],
    [D.fields.status, <StatusBadge key="status" value={t.status} colors={TRANSACTION_STATUS_COLORS} />],
    [D.fields.type, humanizeEnum(t.type)],
    // Exact decimal strings, grouped and padded to the currency's places, never through a float.
    [D.fields.amount, `${formatMoney(t.amount, currency.decimal_places)} ${currency.name_code}`],
    [D.fields.fee, `${formatMoney(t.fee, currency.decimal_places)} ${currency.name_code}`],
    [D.fields.currency, currencyName(currency)],
    [D.fields.paymentMethod, method ? `${method.name} (${method.code})` : UI_TRANSACTION.internal],
    [D.fields.customerFirstName, orDash(t.against.customer.first_name)],
    [D.fields.customerLastName, orDash(t.against.customer.last_name)],
    [D.fields.customerPhone, orDash(t.against.customer.phone_number)],
    [
      D.fields.merchant,
      merchant && canViewMerchant ? (
        <AnchorLink key="merchant" to="/merchant-details/$id" params={{ id: merchant.id }} size="sm">
          {merchant.name}
        </AnchorLink>
      ) : (
        orDash(merchant?.name)
      ),
    ],
  ];
  const decided = decisionKnown ? decisionField(t) : null;
  // The postings are found by the reference on the Journal Entry screen; a transaction that posted
  // nothing (a pending or failed payment) shows an empty list there, which is the answer too.
  const ledger: readonly [string, ReactNode][] = canViewJournal
    ? [
        [
          D.fields.ledger,
          <AnchorLink key="ledger" to="/journal_entry" search={{ search: t.reference.txn_ref }} size="sm">
            {D.viewJournalEntries}
          </AnchorLink>,
        ],
      ]
    : [];
  return (
    <Stack component="dl" gap="sm" m={0}>
      {[...fields, ...(decided ? [decided] : []), ...ledger].map(([label, value]) => (
        <DetailEntry key={label} label={label}>
          {value}
        </DetailEntry>
      ))}
    </Stack>
  );
}
