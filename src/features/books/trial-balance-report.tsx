import type { TrialBalance } from '@contract/books';
import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@/lib/format';
import { bookQueries } from '@/queries/books';
import { UI_BOOKS } from './copy';
import { type CsvSink, Loaded, PerCurrency, type Rows, useCsv } from './report-kit';

const T = UI_BOOKS.reports;

/** The trial balance as of a day: per currency, each account's debit or credit and the totals. */
export function TrialBalanceReport({ asOf, onCsv }: { asOf: string; onCsv: CsvSink }) {
  const query = useQuery(bookQueries.trialBalance(asOf));
  useCsv(query, onCsv, `trial-balance-${asOf}.csv`, trialBalanceRows);
  return <Loaded query={query}>{(data) => <TrialBalanceTables data={data} />}</Loaded>;
}

export function trialBalanceRows(data: TrialBalance): Rows {
  return [
    ['Currency', T.account, T.type, T.debit, T.credit],
    ...data.currencies.flatMap((c) => [
      ...c.accounts.map((a) => [
        c.currency?.name_code ?? '',
        a.gl_account.name,
        a.gl_account.type,
        a.debit,
        a.credit,
      ]),
      [c.currency?.name_code ?? '', T.total, '', c.debit_total, c.credit_total],
    ]),
  ];
}

export function TrialBalanceTables({ data }: { data: TrialBalance }) {
  return (
    <PerCurrency currencies={data.currencies}>
      {(c, places, code) => (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={`${T.kinds['trial-balance']} ${code}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.account}</Table.Th>
                <Table.Th>{T.type}</Table.Th>
                <Table.Th ta="right">{T.debit}</Table.Th>
                <Table.Th ta="right">{T.credit}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.accounts.map((a) => (
                <Table.Tr key={a.gl_account.id}>
                  <Table.Td>{a.gl_account.name}</Table.Td>
                  <Table.Td>{a.gl_account.type}</Table.Td>
                  <Table.Td ta="right">{a.debit === '0' ? '' : formatAmount(a.debit, places)}</Table.Td>
                  <Table.Td ta="right">{a.credit === '0' ? '' : formatAmount(a.credit, places)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>{T.total}</Table.Th>
                <Table.Th ta="right" data-testid={`debit-total-${code}`}>
                  {formatAmount(c.debit_total, places)}
                </Table.Th>
                <Table.Th ta="right" data-testid={`credit-total-${code}`}>
                  {formatAmount(c.credit_total, places)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </PerCurrency>
  );
}
