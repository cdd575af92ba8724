import type { ChangeEvent, FieldChange, HistorySubject } from '@contract/change-history';
import { Box, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListState } from '@/components/list-state';
import { transactionTime } from '@/entities/transaction/format';
import { changeHistoryQueries } from '@/queries/change-history';
import { eventHeading, fieldLabel, formatChangeValue } from './change-values';
import { UI_CHANGE_HISTORY } from './copy';

const T = UI_CHANGE_HISTORY;

interface ChangeHistoryProps {
  subject: HistorySubject;
  subjectId: string;
  /** Heading level of the section's title; none when the surrounding tab already names it. */
  titleOrder?: 3 | 4;
}

/**
 * Who changed a record and what they changed, newest first (ours; docs/api.md "Change history").
 * Older changes load below on request.
 */
export function ChangeHistory({ subject, subjectId, titleOrder }: ChangeHistoryProps) {
  const query = useChangeHistory(subject, subjectId);
  const titleId = `change-history-${subject}-${subjectId}`;

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={titleOrder ? titleId : undefined}
      aria-label={titleOrder ? undefined : T.title}
    >
      {titleOrder ? (
        <Title order={titleOrder} id={titleId}>
          {T.title}
        </Title>
      ) : null}
      <HistoryBody query={query} subject={subject} />
    </Stack>
  );
}

function useChangeHistory(subject: HistorySubject, subjectId: string) {
  return useInfiniteQuery(changeHistoryQueries.of(subject, subjectId));
}

function HistoryBody({
  query,
  subject,
}: {
  query: ReturnType<typeof useChangeHistory>;
  subject: HistorySubject;
}) {
  const events = query.data?.pages.flatMap((page) => page.contents) ?? [];
  // The shared list states (spec §2): skeleton, 'Failed to load resources' with Retry, 'There are no …'.
  return (
    <ListState
      status={query.status}
      isEmpty={events.length === 0}
      isFiltered={false}
      dataType={T.dataType}
      onRetry={() => query.refetch()}
      isRetrying={query.isFetching}
      skeleton={{ rows: 3, columns: 1 }}
    >
      <Stack gap="sm">
        <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <EventItem key={event.id} event={event} historyOf={subject} />
          ))}
        </Stack>
        {query.hasNextPage ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {T.older}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </ListState>
  );
}

function EventItem({ event, historyOf }: { event: ChangeEvent; historyOf: HistorySubject }) {
  const { time, date } = transactionTime(event.at);
  return (
    <Box component="li" pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text size="sm">
          <Text span fw={600}>
            {eventHeading(event, historyOf)}
          </Text>{' '}
          {T.by}{' '}
          <Text span fw={500}>
            {event.by?.name ?? T.notRecorded}
          </Text>
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={event.at}>
          {time}, {date}
        </Text>
      </Group>
      {event.changes.length > 0 ? (
        <Stack component="ul" gap={2} mt={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {event.changes.map((change) => (
            <ChangeLine key={change.field} change={change} subject={event.subject} action={event.action} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** "Name: Old → New" on an edit; the one value on a create (new) or a delete (struck through). */
function ChangeLine({
  change,
  subject,
  action,
}: {
  change: FieldChange;
  subject: HistorySubject;
  action: ChangeEvent['action'];
}) {
  const label = fieldLabel(subject, change.field);
  const from = formatChangeValue(change.from, change.field);
  const to = formatChangeValue(change.to, change.field);
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {action === 'CREATE' ? (
        to
      ) : action === 'DELETE' ? (
        <Text span td="line-through">
          {from}
        </Text>
      ) : (
        <>
          <Text span td="line-through" c="dimmed">
            {from}
          </Text>
          <span aria-hidden="true"> → </span>
          <VisuallyHidden>{T.changedTo} </VisuallyHidden>
          <Text span fw={500}>
            {to}
          </Text>
        </>
      )}
    </Text>
  );
}
