import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '@/lib/errors';
import { formatAmount } from '@/lib/format';
import { UI_BOOKS } from './copy';

/** What the reports share: loading, their CSV, a card per currency, a section and a total line. */

const T = UI_BOOKS.reports;

export type Rows = (string | number)[][];
export type CsvSink = (csv: { name: string; rows: Rows } | null) => void;

/** Loading, failure, then the report. */
export function Loaded<D>({
  query,
  children,
}: {
  query: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <Loader />;
  if (query.isError)
    return <Alert color="red">{query.error instanceof ApiError ? query.error.message : T.failed}</Alert>;
  return <>{children(query.data)}</>;
}

/** The CSV follows what is shown: each new answer hands its rows to the page's Export CSV. */
export function useCsv<D>(query: UseQueryResult<D>, onCsv: CsvSink, name: string, rows: (data: D) => Rows) {
  const [last, setLast] = useState<D | undefined>(undefined);
  if (query.data !== last) {
    setLast(query.data);
    onCsv(query.data === undefined ? null : { name, rows: rows(query.data) });
  }
}

interface CurrencyPart {
  currency: { name_code: string; decimal_places: number } | null;
  balanced?: boolean;
}

/**
 * A report kept per currency: one card each, titled with its currency and, where the report
 * balances, whether it does; "nothing to show" when there is no currency at all.
 */
export function PerCurrency<C extends CurrencyPart>({
  currencies,
  children,
}: {
  currencies: readonly C[];
  children: (part: C, places: number | undefined, code: string) => ReactNode;
}) {
  if (currencies.length === 0) return <Text>{T.empty}</Text>;
  return (
    <Stack>
      {currencies.map((c) => {
        const code = c.currency?.name_code ?? T.noCurrency;
        return (
          <Paper key={code} withBorder p="md">
            <Group justify="space-between">
              <Title order={3}>{T.in(code)}</Title>
              {c.balanced === undefined ? null : (
                <Badge color={c.balanced ? 'green' : 'red'}>{c.balanced ? T.balanced : T.unbalanced}</Badge>
              )}
            </Group>
            {children(c, c.currency?.decimal_places, code)}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** A label and its amount on one line under a report's tables. */
export function TotalLine({
  label,
  amount,
  places,
  strong = false,
}: {
  label: string;
  amount: string;
  places: number | undefined;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" mt="xs">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{formatAmount(amount, places)}</Text>
    </Group>
  );
}

export interface SectionPart {
  accounts: readonly { gl_account: { id: string; name: string }; balance: string }[];
  total: string;
}

/** One section of a statement (assets, income, …): its accounts' balances and their total. */
export function SectionTable({
  title,
  section,
  places,
}: {
  title: string;
  section: SectionPart;
  places?: number | undefined;
}) {
  return (
    <Table aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right">{T.balance}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {section.accounts.map((a) => (
          <Table.Tr key={a.gl_account.id}>
            <Table.Td>{a.gl_account.name}</Table.Td>
            <Table.Td ta="right">{formatAmount(a.balance, places)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{T.total}</Table.Th>
          <Table.Th ta="right">{formatAmount(section.total, places)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** A section's CSV rows: each account, then its total. */
export function sectionRows(code: string, title: string, s: SectionPart): Rows {
  return [
    ...s.accounts.map((a) => [code, title, a.gl_account.name, a.balance]),
    [code, title, T.total, s.total],
  ];
}

/** A statement's CSV (balance sheet, income statement): one header, then each currency's lines. */
export function statementCsv<C extends CurrencyPart>(
  currencies: readonly C[],
  linesOf: (code: string, c: C) => Rows,
): Rows {
  return [
    ['Currency', 'Section', T.account, T.balance],
    ...currencies.flatMap((c) => linesOf(c.currency?.name_code ?? '', c)),
  ];
}
