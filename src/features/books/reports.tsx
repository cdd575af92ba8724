import {
  type BalanceSheet,
  type GlAccountStatement,
  type IncomeStatement,
  type MerchantSettlement,
  monthLabel,
  REPORT_KINDS,
  type ReportKind,
  type ReportSection,
  type TrialBalance,
  utcDay,
} from '@contract/books';
import { PERMISSIONS } from '@contract/permissions';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { ApiError } from '@/lib/errors';
import { formatAmount } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { usePermission } from '@/lib/permissions';
import { bookQueries, useClosePeriod, useReopenPeriod } from '@/queries/books';
import { UI_BOOKS } from './copy';
import { downloadCsv } from './csv';
import classes from './print.module.css';

const T = UI_BOOKS.reports;

/** The screen's state, all in the URL (`/reports?report=…&as_of=…`). */
export interface ReportSearch {
  report: ReportKind;
  as_of?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  gl_account?: string | undefined;
  currency?: string | undefined;
  merchant?: string | undefined;
  page: number;
}

export type ReportSearchChange = Partial<ReportSearch>;

type Rows = (string | number)[][];

function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The financial reports (issue 23): each with its dates, exportable to CSV and printable on A4. */
export function ReportsPage({
  search,
  onChange,
}: {
  search: ReportSearch;
  onChange: (c: ReportSearchChange) => void;
}) {
  const today = utcDay(new Date());
  const asOf = search.as_of ?? today;
  const to = search.to ?? today;
  const from = search.from ?? monthStart(to);
  const [csv, setCsv] = useState<{ name: string; rows: Rows } | null>(null);

  return (
    <Stack gap="md" className={classes.report}>
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        <Group className={classes.noPrint}>
          <Button variant="default" disabled={!csv} onClick={() => csv && downloadCsv(csv.name, csv.rows)}>
            {T.exportCsv}
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            {T.print}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={search.report}
        onChange={(value) => value && onChange({ report: value as ReportKind, page: 1 })}
      >
        <Tabs.List className={classes.noPrint}>
          {REPORT_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {T.kinds[kind]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md">
        {search.report === 'trial-balance' || search.report === 'balance-sheet' ? (
          <DateRangePicker
            asSingle
            useRange={false}
            label={T.asOf}
            value={{ startDate: asOf, endDate: asOf }}
            onChange={(value) => onChange({ as_of: value.startDate ?? undefined })}
          />
        ) : (
          <DateRangePicker
            label={`${T.from} ~ ${T.to}`}
            value={{ startDate: from, endDate: to }}
            onChange={(value) =>
              onChange({ from: value.startDate ?? undefined, to: value.endDate ?? undefined, page: 1 })
            }
          />
        )}
      </Paper>
      {search.report === 'trial-balance' ? <TrialBalanceReport asOf={asOf} onCsv={setCsv} /> : null}
      {search.report === 'balance-sheet' ? <BalanceSheetReport asOf={asOf} onCsv={setCsv} /> : null}
      {search.report === 'income-statement' ? (
        <IncomeStatementReport from={from} to={to} onCsv={setCsv} />
      ) : null}
      {search.report === 'gl-account-statement' ? (
        <StatementReport search={search} from={from} to={to} onChange={onChange} onCsv={setCsv} />
      ) : null}
      {search.report === 'merchant-settlement' ? (
        <SettlementReport search={search} from={from} to={to} onChange={onChange} onCsv={setCsv} />
      ) : null}
      {search.report === 'trial-balance' ? <PeriodsPanel /> : null}
    </Stack>
  );
}

type CsvSink = (csv: { name: string; rows: Rows } | null) => void;

/** Loading, failure, then the report; the CSV follows what is shown. */
function Loaded<D>({ query, children }: { query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  if (query.isPending) return <Loader />;
  if (query.isError)
    return <Alert color="red">{query.error instanceof ApiError ? query.error.message : T.failed}</Alert>;
  return <>{children(query.data)}</>;
}

function useCsv<D>(query: UseQueryResult<D>, onCsv: CsvSink, name: string, rows: (data: D) => Rows) {
  const [last, setLast] = useState<D | undefined>(undefined);
  if (query.data !== last) {
    setLast(query.data);
    onCsv(query.data === undefined ? null : { name, rows: rows(query.data) });
  }
}

function TrialBalanceReport({ asOf, onCsv }: { asOf: string; onCsv: CsvSink }) {
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
  if (data.currencies.length === 0) return <Text>{T.empty}</Text>;
  return (
    <Stack>
      {data.currencies.map((c) => {
        const places = c.currency?.decimal_places;
        const code = c.currency?.name_code ?? T.noCurrency;
        return (
          <Paper key={code} withBorder p="md">
            <Group justify="space-between">
              <Title order={3}>{T.in(code)}</Title>
              <Badge color={c.balanced ? 'green' : 'red'}>{c.balanced ? T.balanced : T.unbalanced}</Badge>
            </Group>
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
          </Paper>
        );
      })}
    </Stack>
  );
}

function SectionTable({
  title,
  section,
  places,
}: {
  title: string;
  section: ReportSection;
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

function sectionRows(code: string, title: string, s: ReportSection): Rows {
  return [
    ...s.accounts.map((a) => [code, title, a.gl_account.name, a.balance]),
    [code, title, T.total, s.total],
  ];
}

function BalanceSheetReport({ asOf, onCsv }: { asOf: string; onCsv: CsvSink }) {
  const query = useQuery(bookQueries.balanceSheet(asOf));
  useCsv(query, onCsv, `balance-sheet-${asOf}.csv`, (data: BalanceSheet) => [
    ['Currency', 'Section', T.account, T.balance],
    ...data.currencies.flatMap((c) => {
      const code = c.currency?.name_code ?? '';
      return [
        ...sectionRows(code, T.assets, c.assets),
        ...sectionRows(code, T.liabilities, c.liabilities),
        ...sectionRows(code, T.equity, c.equity),
        [code, T.equity, T.currentEarnings, c.current_earnings],
        [code, T.liabilitiesAndEquity, T.total, c.liabilities_and_equity_total],
      ];
    }),
  ]);
  return (
    <Loaded query={query}>
      {(data) =>
        data.currencies.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <Stack>
            {data.currencies.map((c) => {
              const places = c.currency?.decimal_places;
              const code = c.currency?.name_code ?? T.noCurrency;
              return (
                <Paper key={code} withBorder p="md">
                  <Group justify="space-between">
                    <Title order={3}>{T.in(code)}</Title>
                    <Badge color={c.balanced ? 'green' : 'red'}>
                      {c.balanced ? T.balanced : T.unbalanced}
                    </Badge>
                  </Group>
                  <SectionTable title={T.assets} section={c.assets} places={places} />
                  <SectionTable title={T.liabilities} section={c.liabilities} places={places} />
                  <SectionTable title={T.equity} section={c.equity} places={places} />
                  <Group justify="space-between" mt="xs">
                    <Text>{T.currentEarnings}</Text>
                    <Text>{formatAmount(c.current_earnings, places)}</Text>
                  </Group>
                  <Group justify="space-between">
                    <Text fw={700}>{T.liabilitiesAndEquity}</Text>
                    <Text fw={700}>{formatAmount(c.liabilities_and_equity_total, places)}</Text>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )
      }
    </Loaded>
  );
}

function IncomeStatementReport({ from, to, onCsv }: { from: string; to: string; onCsv: CsvSink }) {
  const query = useQuery(bookQueries.incomeStatement(from, to));
  useCsv(query, onCsv, `income-statement-${from}-${to}.csv`, (data: IncomeStatement) => [
    ['Currency', 'Section', T.account, T.balance],
    ...data.currencies.flatMap((c) => {
      const code = c.currency?.name_code ?? '';
      return [
        ...sectionRows(code, T.income, c.income),
        ...sectionRows(code, T.expense, c.expense),
        [code, T.netIncome, '', c.net_income],
      ];
    }),
  ]);
  return (
    <Loaded query={query}>
      {(data) =>
        data.currencies.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <Stack>
            {data.currencies.map((c) => {
              const places = c.currency?.decimal_places;
              const code = c.currency?.name_code ?? T.noCurrency;
              return (
                <Paper key={code} withBorder p="md">
                  <Title order={3}>{T.in(code)}</Title>
                  <SectionTable title={T.income} section={c.income} places={places} />
                  <SectionTable title={T.expense} section={c.expense} places={places} />
                  <Group justify="space-between" mt="xs">
                    <Text fw={700}>{T.netIncome}</Text>
                    <Text fw={700}>{formatAmount(c.net_income, places)}</Text>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )
      }
    </Loaded>
  );
}

const STATEMENT_LIMIT = 50;

function StatementReport({
  search,
  from,
  to,
  onChange,
  onCsv,
}: {
  search: ReportSearch;
  from: string;
  to: string;
  onChange: (c: ReportSearchChange) => void;
  onCsv: CsvSink;
}) {
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

function SettlementReport({
  search,
  from,
  to,
  onChange,
  onCsv,
}: {
  search: ReportSearch;
  from: string;
  to: string;
  onChange: (c: ReportSearchChange) => void;
  onCsv: CsvSink;
}) {
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

const P = UI_BOOKS.periods;

/** The last day of a `YYYY-MM` month. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcDay(new Date(Date.UTC(y, m, 0)));
}

/** Closed months, closing one (after its trial balance) and reopening one. */
function PeriodsPanel() {
  const canClose = usePermission(PERMISSIONS.closePeriod);
  const canReopen = usePermission(PERMISSIONS.reopenPeriod);
  const periods = useQuery(bookQueries.periods());
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" className={classes.noPrint}>
      <Group justify="space-between">
        <Title order={3}>{P.title}</Title>
        {canClose ? <Button onClick={() => setClosing(true)}>{P.close}</Button> : null}
      </Group>
      <Loaded query={periods}>
        {(data) =>
          data.periods.length === 0 ? (
            <Text>{P.none}</Text>
          ) : (
            <Table aria-label={P.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{P.month}</Table.Th>
                  <Table.Th>{P.status}</Table.Th>
                  <Table.Th>{P.closedBy}</Table.Th>
                  <Table.Th>{P.reopenedBy}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.periods.map((p) => (
                  <Table.Tr key={p.month}>
                    <Table.Td>{monthLabel(p.month)}</Table.Td>
                    <Table.Td>{P.statuses[p.status]}</Table.Td>
                    <Table.Td>{p.closed_by?.name ?? ''}</Table.Td>
                    <Table.Td>
                      {p.reopened_by ? `${p.reopened_by.name}: ${p.reopen_reason ?? ''}` : ''}
                    </Table.Td>
                    <Table.Td>
                      {canReopen && p.status === 'CLOSED' ? (
                        <Button size="xs" variant="default" onClick={() => setReopening(p.month)}>
                          {P.reopen}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
      {closing ? <CloseMonthModal onClose={() => setClosing(false)} /> : null}
      {reopening ? <ReopenMonthModal month={reopening} onClose={() => setReopening(null)} /> : null}
    </Paper>
  );
}

function previousMonth(): string {
  const now = new Date();
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
}

function CloseMonthModal({ onClose }: { onClose: () => void }) {
  const [month, setMonth] = useState(previousMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const trial = useQuery({ ...bookQueries.trialBalance(valid ? monthEnd(month) : ''), enabled: valid });
  const close = useClosePeriod();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    try {
      await close.mutateAsync({ month });
      notifySuccess(P.closed);
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error));
    }
  };
  return (
    <Modal opened onClose={onClose} title={valid ? P.closeTitle(monthLabel(month)) : P.close} size="xl">
      <Stack>
        <TextInput
          label={P.month}
          type="month"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
        />
        <Text size="sm">{P.closeHint}</Text>
        {valid ? <Loaded query={trial}>{(data) => <TrialBalanceTables data={data} />}</Loaded> : null}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!valid} loading={close.isPending}>
            {P.closeSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReopenMonthModal({ month, onClose }: { month: string; onClose: () => void }) {
  // Reopening always waits for a second person's approval (decision 039).
  const reopen = useReopenPeriod(P.reopened);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    try {
      await reopen.mutateAsync({ month, reason });
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error));
    }
  };
  return (
    <Modal opened onClose={onClose} title={P.reopenTitle(monthLabel(month))}>
      <Stack>
        <Textarea
          label={P.reason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          withAsterisk
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} loading={reopen.isPending}>
            {P.reopenSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
