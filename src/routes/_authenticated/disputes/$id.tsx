import { PERMISSIONS } from '@contract/permissions';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { UI_KIT } from '@/components/copy';
import { DetailPageFrame } from '@/components/detail-page-frame';
import { StatusBadge } from '@/components/status-badge';
import { UI_DISPUTES } from '@/features/disputes/copy';
import { DISPUTE_STATUS_COLORS, disputeMoney, disputeStatusLabel } from '@/features/disputes/dispute-columns';
import { DisputeDecisionForm } from '@/features/disputes/dispute-decision-form';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { disputeQueries, useDecideDispute } from '@/queries/money-flows';

const T = UI_DISPUTES;
const D = T.detail;

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) =>
  queryClient.ensureQueryData(disputeQueries.detail(params.id)),
);

export const Route = createFileRoute('/_authenticated/disputes/$id')({
  staticData: { permission: PERMISSIONS.viewDispute },
  loader: warmDetail,
  component: DisputePage,
});

function DisputePage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...disputeQueries.detail(id), retryOnMount: false });
  const canManage = usePermission(PERMISSIONS.manageDispute);
  const canViewTransactions = usePermission(PERMISSIONS.viewTransactions);
  const decide = useDecideDispute();
  const [deciding, setDeciding] = useState(false);

  return (
    <DetailPageFrame
      query={query}
      back={{ to: '/disputes', label: D.back }}
      notFound={D.notFound}
      crumb={(r) => r.payment.txn_ref}
    >
      {(d) => {
        const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '');
        return (
          <>
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={2}>{D.heading(d.payment.txn_ref)}</Title>
              {canManage && d.status === 'OPEN' ? (
                <Button onClick={() => setDeciding(true)}>{D.decide}</Button>
              ) : null}
            </Group>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="sm">
                {D.summary}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
                <Entry
                  label={D.status}
                  value={
                    <StatusBadge value={d.status} colors={DISPUTE_STATUS_COLORS} label={disputeStatusLabel} />
                  }
                />
                <Entry
                  label={D.payment}
                  value={
                    canViewTransactions ? (
                      <AnchorLink to="/transactions" search={{ tx: d.payment.id }} size="sm">
                        {d.payment.txn_ref}
                      </AnchorLink>
                    ) : (
                      d.payment.txn_ref
                    )
                  }
                />
                <Entry label={D.amount} value={disputeMoney(d, d.amount)} />
                <Entry label={D.fee} value={disputeMoney(d, d.fee)} />
                <Entry label={D.paymentAmount} value={disputeMoney(d, d.payment.amount)} />
                <Entry label={D.balance} value={disputeMoney(d, d.payment.balance)} />
                <Entry label={D.reason} value={d.reason} />
                <Entry label={D.responseDue} value={d.response_due} />
                <Entry
                  label={D.openedBy}
                  value={
                    d.opened_by.kind === 'platform' ? D.platform : (d.opened_by.actor?.name ?? D.notRecorded)
                  }
                />
                <Entry label={D.opened} value={when(d.created_at)} />
                {d.status !== 'OPEN' ? (
                  <>
                    <Entry label={D.decidedBy} value={d.decided_by?.name ?? D.notRecorded} />
                    <Entry label={D.decided} value={when(d.decided_at)} />
                    <Entry label={D.notes} value={d.notes ?? ''} />
                  </>
                ) : null}
              </SimpleGrid>
            </Paper>
            <Modal
              opened={deciding}
              onClose={() => setDeciding(false)}
              title={D.decideTitle}
              centered
              closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
            >
              {deciding ? (
                <DisputeDecisionForm
                  onSubmit={(payload) => decide.mutateAsync({ id: d.id, payload })}
                  onClose={() => setDeciding(false)}
                />
              ) : null}
            </Modal>
          </>
        );
      }}
    </DetailPageFrame>
  );
}

function Entry({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
