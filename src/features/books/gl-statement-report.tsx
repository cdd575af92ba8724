import type { GlAccountStatement } from '@contract/books';
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@/lib/format';
import { bookQueries } from '@/queries/books';
import { UI_BOOKS } from './copy';
import classes from './print.module.css';
import { Loaded, useCsv } from './report-kit';
import type { PickedReportProps } from './reports';

const T = UI_BOOKS.reports;

/** A GL account's statement for a period: opening balance, its lines with a running balance, closing. */
const STATEMENT_LIMIT = 50;

export function StatementReport({ search, from, to, onChange, onCsv }: PickedReportProps) {
  const subjects = useQuery(bookQueries.subjects());
  const query = useQuery({
    ...bookQueries.statement({
      glAccountId: search.gl_account ?? '',
      currencyId: search.currency,
      from,
      to,
      page: search.page,
      limit: STATEMENT_LIMIT,
    }),
    enabled: search.gl_account !== undefined,
  });
  useCsv(query, onCsv, `gl-account-statement-${from}-${to}.csv`, (data: GlAccountStatement) => [
    [T.date, T.description, T.reference, T.debit, T.credit, T.balance],
    ['', T.opening, '', '', '', data.opening_balance],
    ...data.lines.contents.map((l) => [
      l.entry_date,
      l.description ?? '',
      l.reference ?? '',
      l.entry_type === 'DEBIT' ? l.amount : '',
      l.entry_type === 'CREDIT' ? l.amount : '',
      l.balance,
    ]),
    ['', T.closing, '', data.debit_total, data.credit_total, data.closing_balance],
  ]);
  return (
    <Stack>
      <Group className={classes.noPrint} grow>
        <Select
          label={T.glAccount}
          searchable
          data={(subjects.data?.gl_accounts ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={search.gl_account ?? null}
          onChange={(value) => onChange({ gl_account: value ?? undefined, page: 1 })}
        />
        <Select
          label={T.currency}
          data={(subjects.data?.currencies ?? []).map((c) => ({ value: c.id, label: c.name_code }))}
          value={search.currency ?? query.data?.currency.id ?? null}
          onChange={(value) => onChange({ currency: value ?? undefined, page: 1 })}
        />
      </Group>
      {search.gl_account === undefined ? (
        <Text>{T.pickAccount}</Text>
      ) : (
        <Loaded query={query}>
          {(data) => {
            const places = data.currency.decimal_places;
            return (
              <Paper withBorder p="md">
                <Title order={3}>
                  {data.gl_account.name} ({data.currency.name_code})
                </Title>
                <Table.ScrollContainer minWidth={640}>
                  <Table aria-label={T.kinds['gl-account-statement']}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{T.date}</Table.Th>
                        <Table.Th>{T.description}</Table.Th>
                        <Table.Th>{T.reference}</Table.Th>
                        <Table.Th ta="right">{T.debit}</Table.Th>
                        <Table.Th ta="right">{T.credit}</Table.Th>
                        <Table.Th ta="right">{T.balance}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      <Table.Tr>
                        <Table.Td colSpan={5}>{T.opening}</Table.Td>
                        <Table.Td ta="right">{formatAmount(data.opening_balance, places)}</Table.Td>
                      </Table.Tr>
                      {data.lines.contents.map((l) => (
                        <Table.Tr key={l.entry_id}>
                          <Table.Td>{l.entry_date}</Table.Td>
                          <Table.Td>{l.description}</Table.Td>
                          <Table.Td>{l.reference}</Table.Td>
                          <Table.Td ta="right">
                            {l.entry_type === 'DEBIT' ? formatAmount(l.amount, places) : ''}
                          </Table.Td>
                          <Table.Td ta="right">
                            {l.entry_type === 'CREDIT' ? formatAmount(l.amount, places) : ''}
                          </Table.Td>
                          <Table.Td ta="right">{formatAmount(l.balance, places)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                    <Table.Tfoot>
                      <Table.Tr>
                        <Table.Th colSpan={3}>{T.closing}</Table.Th>
                        <Table.Th ta="right">{formatAmount(data.debit_total, places)}</Table.Th>
                        <Table.Th ta="right">{formatAmount(data.credit_total, places)}</Table.Th>
                        <Table.Th ta="right">{formatAmount(data.closing_balance, places)}</Table.Th>
                      </Table.Tr>
                    </Table.Tfoot>
                  </Table>
                </Table.ScrollContainer>
                {data.lines.total_pages > 1 ? (
                  <Group className={classes.noPrint} mt="sm">
                    <Button
                      variant="default"
                      disabled={search.page <= 1}
                      onClick={() => onChange({ page: search.page - 1 })}
                    >
                      ‹
                    </Button>
                    <Text>
                      {search.page} / {data.lines.total_pages}
                    </Text>
                    <Button
                      variant="default"
                      disabled={search.page >= data.lines.total_pages}
                      onClick={() => onChange({ page: search.page + 1 })}
                    >
                      ›
                    </Button>
                  </Group>
                ) : null}
              </Paper>
            );
          }}
        </Loaded>
      )}
    </Stack>
  );
}
