import { isPositive } from '@contract/decimal';
import { type DisputePayloadInput, disputePayloadSchema } from '@contract/dispute';
import { PERMISSIONS } from '@contract/permissions';
import { type RefundPayloadInput, refundPayloadSchema } from '@contract/refund';
import type { TransactionDetail } from '@contract/transaction';
import { Alert, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { useDialogForm } from '@/components/app-form';
import { DetailEntry } from '@/components/detail-entry';
import { formatMoney } from '@/lib/money';
import { usePermission } from '@/lib/permissions';
import { refundQueries, useCreateRefund, useOpenDispute } from '@/queries/money-flows';
import { UI_MONEY_FLOWS as M } from './copy';

type Open = 'refund' | 'chargeback' | null;

/**
 * Issue 22: what happened to a payment's money since it came in (refunds, chargebacks, what is
 * left), with Refund and Open chargeback for those allowed; for a refund, the payment it returned.
 */
export function MoneyFlowsSection({ transaction: t }: { transaction: TransactionDetail }) {
  const query = useQuery(refundQueries.ofTransaction(t.id));
  const canRefund = usePermission(PERMISSIONS.refundTransaction);
  const canDispute = usePermission(PERMISSIONS.manageDispute);
  const [open, setOpen] = useState<Open>(null);
  const { decimal_places: places, name_code: code } = t.transaction_method.currency;
  const money = (value: string) => `${formatMoney(value, places)} ${code}`;

  if (query.isPending) return <Skeleton height={64} aria-busy="true" />;
  if (query.isError) return <Alert color="red" title={M.loadFailed} />;
  const s = query.data;

  if (s.refund_of) {
    return (
      <Stack component="dl" gap="sm" m={0}>
        <DetailEntry label={M.refundOf}>
          <AnchorLink to="/transactions" search={{ tx: s.refund_of.id }} size="sm">
            {s.refund_of.txn_ref}
          </AnchorLink>
        </DetailEntry>
      </Stack>
    );
  }
  if (!s.refundable) return null;

  const left = s.refundable_amount;
  const canAct = isPositive(left);
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h5">
        {M.section}
      </Title>
      <Stack component="dl" gap="sm" m={0}>
        <DetailEntry label={M.refunded}>{money(s.refunded_amount)}</DetailEntry>
        <DetailEntry label={M.balance}>{money(s.balance)}</DetailEntry>
        {isPositive(s.disputed_amount) ? (
          <DetailEntry label={M.disputed}>{money(s.disputed_amount)}</DetailEntry>
        ) : null}
        {isPositive(s.charged_back_amount) ? (
          <DetailEntry label={M.chargedBack}>{money(s.charged_back_amount)}</DetailEntry>
        ) : null}
        <DetailEntry label={M.refundable}>{money(left)}</DetailEntry>
        <DetailEntry label={M.refunds}>
          {s.refunds.length === 0 ? (
            M.noRefunds
          ) : (
            <Stack component="span" gap={4}>
              {s.refunds.map((r) => (
                <Text key={r.id} component="span" size="sm" display="block">
                  {`${r.txn_ref}: ${money(r.amount)}, ${r.reason}`}
                  {r.created_by ? ` (${M.by(r.created_by.name)})` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </DetailEntry>
      </Stack>
      {open === null && canAct && (canRefund || canDispute) ? (
        <Group gap="xs">
          {canRefund ? (
            <Button size="xs" onClick={() => setOpen('refund')}>
              {M.refund}
            </Button>
          ) : null}
          {canDispute ? (
            <Button size="xs" variant="default" onClick={() => setOpen('chargeback')}>
              {M.openChargeback}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {open === 'refund' ? (
        <RefundForm paymentId={t.id} refundable={left} onDone={() => setOpen(null)} />
      ) : null}
      {open === 'chargeback' ? (
        <ChargebackForm paymentId={t.id} open={left} onDone={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}

function RefundForm({
  paymentId,
  refundable,
  onDone,
}: {
  paymentId: string;
  refundable: string;
  onDone: () => void;
}) {
  const refund = useCreateRefund();
  const form = useDialogForm<RefundPayloadInput, RefundPayloadInput>({
    defaultValues: { amount: refundable, reason: '' },
    schema: refundPayloadSchema,
    onSubmit: (payload) => refund.mutateAsync({ paymentId, payload }),
    onSaved: onDone,
  });
  return (
    <section aria-label={M.refundTitle}>
      <Title order={4} size="h6" mb="xs">
        {M.refundTitle}
      </Title>
      <form.AppForm>
        <form.DialogBody cancel={M.cancel} submit={M.submitRefund} onCancel={onDone}>
          <form.AppField name="amount">
            {(f) => <f.TextField label={M.fields.amount} withAsterisk />}
          </form.AppField>
          <form.AppField name="reason">
            {(f) => <f.TextareaField label={M.fields.reason} withAsterisk />}
          </form.AppField>
        </form.DialogBody>
      </form.AppForm>
    </section>
  );
}

function ChargebackForm({
  paymentId,
  open,
  onDone,
}: {
  paymentId: string;
  open: string;
  onDone: () => void;
}) {
  const dispute = useOpenDispute();
  const form = useDialogForm<DisputePayloadInput, DisputePayloadInput>({
    defaultValues: { payment_id: paymentId, amount: open, reason: '', response_due: '' },
    schema: disputePayloadSchema,
    onSubmit: (payload) => dispute.mutateAsync(payload),
    onSaved: onDone,
  });
  return (
    <section aria-label={M.chargebackTitle}>
      <Title order={4} size="h6" mb="xs">
        {M.chargebackTitle}
      </Title>
      <form.AppForm>
        <form.DialogBody cancel={M.cancel} submit={M.submitChargeback} onCancel={onDone}>
          <form.AppField name="amount">
            {(f) => <f.TextField label={M.fields.amount} withAsterisk />}
          </form.AppField>
          <form.AppField name="reason">
            {(f) => <f.TextareaField label={M.fields.reason} withAsterisk />}
          </form.AppField>
          <form.AppField name="response_due">
            {(f) => <f.TextField label={M.fields.responseDue} type="date" withAsterisk />}
          </form.AppField>
        </form.DialogBody>
      </form.AppForm>
    </section>
  );
}
