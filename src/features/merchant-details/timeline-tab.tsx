import type { MerchantTimelineEntry, TimelineTransaction } from '@contract/merchant-timeline';
import { Badge, Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { ListState } from '@/components/list-state';
import { transactionTime } from '@/entities/transaction/format';
import { enumLabel } from '@/lib/format';
import { groupDigits } from '@/lib/money';
import { merchantTimelineQueries, TIMELINE_STEP } from '@/queries/merchant-timeline';
import { UI_MERCHANT_TIMELINE } from './timeline-copy';

const T = UI_MERCHANT_TIMELINE;

/**
 * What happened to the merchant, newest first (decision 046): status changes, payout requests and
 * decisions, documents, the first and latest transaction. 'Show more' asks the server for more of
 * the older entries; the ones on screen stay while they load.
 */
export function TimelineTab({ merchantId }: { merchantId: string }) {
  const [limit, setLimit] = useState(TIMELINE_STEP);
  const query = useQuery(merchantTimelineQueries.of(merchantId, limit));
  const entries = query.data?.contents ?? [];

  return (
    <ListState
      status={query.status}
      isEmpty={entries.length === 0}
      isFiltered={false}
      dataType={T.dataType}
      onRetry={() => query.refetch()}
      isRetrying={query.isFetching}
      skeleton={{ rows: 4, columns: 1 }}
    >
      <Stack gap="md">
        <Timeline bulletSize={14} lineWidth={2} role="list" aria-label={T.tab}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entryKey(entry)}
              role="listitem"
              data-kind={entry.kind}
              title={<EntryTitle entry={entry} />}
            >
              <EntryBody entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
        {query.data?.has_more ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              loading={query.isPlaceholderData && query.isFetching}
              onClick={() => setLimit((current) => current + TIMELINE_STEP)}
            >
              {T.showMore}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </ListState>
  );
}

/** Entries have no id of their own: kind, time and what they are about tell them apart. */
function entryKey(entry: MerchantTimelineEntry): string {
  const about = 'transaction' in entry ? entry.transaction.id : entry.kind === 'document' ? entry.path : '';
  return `${entry.kind}-${entry.at}-${about}`;
}

function EntryTitle({ entry }: { entry: MerchantTimelineEntry }) {
  const { time, date } = transactionTime(entry.at);
  return (
    <Group gap="xs" wrap="wrap" align="baseline">
      <Text size="sm" fw={600} span>
        {T.kinds[entry.kind]}
      </Text>
      <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
        {time}, {date}
      </Text>
    </Group>
  );
}

function EntryBody({ entry }: { entry: MerchantTimelineEntry }) {
  switch (entry.kind) {
    case 'status_change':
      return (
        <Text size="sm">
          {T.statusChange(enumLabel(entry.from), enumLabel(entry.to), entry.by?.name ?? T.notRecorded)}
        </Text>
      );
    case 'document':
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {T.documents[entry.document]}: {entry.path.split('/').at(-1)}
        </Text>
      );
    case 'payout_decision':
      return (
        <Stack gap={2}>
          <Text size="sm">{T.decision(entry.decision, entry.by?.name ?? T.notRecorded)}</Text>
          <TransactionLine transaction={entry.transaction} />
        </Stack>
      );
    default:
      return <TransactionLine transaction={entry.transaction} />;
  }
}

/** The reference (a link to it in the Transactions list), amount and status now. */
function TransactionLine({ transaction }: { transaction: TimelineTransaction }) {
  return (
    <Group gap="xs" wrap="wrap">
      <AnchorLink
        to="/transactions"
        search={{ reference: transaction.txn_ref, tx: transaction.id }}
        size="sm"
      >
        {transaction.txn_ref}
      </AnchorLink>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {groupDigits(transaction.amount)} {transaction.currency}
      </Text>
      <Badge size="sm" variant="light" color="gray">
        {enumLabel(transaction.status)}
      </Badge>
    </Group>
  );
}
