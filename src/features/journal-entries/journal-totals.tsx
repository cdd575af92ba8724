import type { JournalEntryCurrencyTotals, JournalEntryTotals } from '@contract/journal-entry';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { StatusBadge } from '@/components/status-badge';
import { formatMoney } from '@/lib/money';
import { subtractAmounts } from './amounts';
import { UI_JOURNAL_ENTRIES } from './copy';

const BALANCE_COLORS = { BALANCED: 'green', UNBALANCED: 'red' } as const;

const T = UI_JOURNAL_ENTRIES;

export interface JournalTotalsProps {
  query: Pick<UseQueryResult<JournalEntryTotals>, 'status' | 'data'>;
  /** Only debits or only credits are listed: their totals cannot be equal, so no verdict is given. */
  oneSided: boolean;
}

/**
 * The debit and credit totals of everything the filter matches (not only this page), under the
 * table, one line per currency: birr and dollars are never added together. Whole journals always
 * balance, so unequal totals on a search point at a partial journal or a posting error.
 */
export function JournalTotals({ query, oneSided }: JournalTotalsProps) {
  if (query.status === 'pending') return null;
  if (query.status === 'error' || !query.data) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {T.totalsFailed}
      </Text>
    );
  }
  if (query.data.currencies.length === 0) return null;
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap={6} role="group" aria-label={T.totals}>
        <Text size="sm" fw={500}>
          {T.totals}
        </Text>
        {query.data.currencies.map((line) => (
          <CurrencyLine key={line.currency?.name_code ?? ''} line={line} oneSided={oneSided} />
        ))}
      </Stack>
    </Paper>
  );
}

function CurrencyLine({ line, oneSided }: { line: JournalEntryCurrencyTotals; oneSided: boolean }) {
  const code = line.currency?.name_code;
  const places = line.currency?.decimal_places ?? 2;
  const label = code ?? T.noCurrency;
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="sm"
      role="group"
      aria-label={T.totalsIn(label)}
      data-currency={code ?? 'none'}
    >
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {T.totalDebit}:{' '}
          <Text span fw={700} data-testid="total-debit">
            {formatMoney(line.debit, places)}
          </Text>
        </Text>
        <Text size="sm">
          {T.totalCredit}:{' '}
          <Text span fw={700} data-testid="total-credit">
            {formatMoney(line.credit, places)}
          </Text>
        </Text>
        {oneSided ? null : (
          // The status badge's colours, whose text passes WCAG AA on its tint (Mantine's own does not).
          <StatusBadge
            value={line.balanced ? 'BALANCED' : 'UNBALANCED'}
            colors={BALANCE_COLORS}
            label={() =>
              line.balanced
                ? T.balanced
                : T.unbalanced(formatMoney(subtractAmounts(line.debit, line.credit), places))
            }
          />
        )}
      </Group>
    </Group>
  );
}
