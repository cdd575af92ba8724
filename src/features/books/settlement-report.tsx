import type { MerchantSettlement } from '@contract/books';
import { Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAmount } from '@/lib/format';
import { bookQueries } from '@/queries/books';
import { UI_BOOKS } from './copy';
import classes from './print.module.css';
import { Loaded, useCsv } from './report-kit';
import type { PickedReportProps } from './reports';

const T = UI_BOOKS.reports;

/** A merchant's settlement for a period, per currency: payments, fees, refunds, chargebacks, payouts. */
export function SettlementReport({ search, from, to, onChange, onCsv }: PickedReportProps) {
  const [term, setTerm] = useState('');
  const merchants = useQuery(bookQueries.merchants(term));
  const query = useQuery({
    ...bookQueries.settlement(search.merchant ?? '', from, to),
    enabled: search.merchant !== undefined,
  });
  useCsv(query, onCsv, `merchant-settlement-${from}-${to}.csv`, (data: MerchantSettlement) => [
    ['Currency', T.opening, T.payments, T.fees, T.refunds, T.chargebacks, T.payouts, T.closing],
    ...data.currencies.map((c) => [
      c.currency.name_code,
      c.opening_balance,
      c.payments.amount,
      c.fees,
      c.refunds.amount,
      c.chargebacks.amount,
      c.payouts.amount,
      c.closing_balance,
    ]),
  ]);
  return (
    <Stack>
      <Select
        className={classes.noPrint}
        label={T.merchant}
        searchable
        onSearchChange={setTerm}
        data={(merchants.data?.merchants ?? []).map((m) => ({ value: m.id, label: m.name }))}
        value={search.merchant ?? null}
        onChange={(value) => onChange({ merchant: value ?? undefined })}
      />
      {search.merchant === undefined ? (
        <Text>{T.pickMerchant}</Text>
      ) : (
        <Loaded query={query}>
          {(data) => (
            <Paper withBorder p="md">
              <Title order={3}>{data.merchant.name}</Title>
              {!data.refunds_recorded ? (
                <Text c="dimmed">{T.notRecorded(T.refunds.toLowerCase())}</Text>
              ) : null}
              {!data.chargebacks_recorded ? (
                <Text c="dimmed">{T.notRecorded(T.chargebacks.toLowerCase())}</Text>
              ) : null}
              {data.currencies.length === 0 ? <Text>{T.empty}</Text> : null}
              {data.currencies.map((c) => {
                const places = c.currency.decimal_places;
                const row = (label: string, amount: string, count?: number) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right">{count ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatAmount(amount, places)}</Table.Td>
                  </Table.Tr>
                );
                return (
                  <Table
                    key={c.currency.id}
                    aria-label={`${T.kinds['merchant-settlement']} ${c.currency.name_code}`}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{T.in(c.currency.name_code)}</Table.Th>
                        <Table.Th ta="right">{T.count}</Table.Th>
                        <Table.Th ta="right">{T.amount}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {row(T.opening, c.opening_balance)}
                      {row(T.payments, c.payments.amount, c.payments.count)}
                      {row(T.fees, c.fees)}
                      {row(T.refunds, c.refunds.amount, c.refunds.count)}
                      {row(T.chargebacks, c.chargebacks.amount, c.chargebacks.count)}
                      {row(T.payouts, c.payouts.amount, c.payouts.count)}
                      {row(T.closing, c.closing_balance)}
                    </Table.Tbody>
                  </Table>
                );
              })}
            </Paper>
          )}
        </Loaded>
      )}
    </Stack>
  );
}
