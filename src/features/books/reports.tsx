import { REPORT_KINDS, type ReportKind, utcDay } from '@contract/books';
import { Button, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { BalanceSheetReport } from './balance-sheet-report';
import { UI_BOOKS } from './copy';
import { downloadCsv } from './csv';
import { StatementReport } from './gl-statement-report';
import { IncomeStatementReport } from './income-statement-report';
import { PeriodsPanel } from './periods-panel';
import classes from './print.module.css';
import type { CsvSink, Rows } from './report-kit';
import { SettlementReport } from './settlement-report';
import { TrialBalanceReport } from './trial-balance-report';

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

/** A report of one picked subject (a GL account, a merchant) over a period. */
export interface PickedReportProps {
  search: ReportSearch;
  from: string;
  to: string;
  onChange: (c: ReportSearchChange) => void;
  onCsv: CsvSink;
}

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
