import type { IncomeStatement } from '@contract/books';
import { useQuery } from '@tanstack/react-query';
import { bookQueries } from '@/queries/books';
import { UI_BOOKS } from './copy';
import {
  type CsvSink,
  Loaded,
  PerCurrency,
  SectionTable,
  sectionRows,
  statementCsv,
  TotalLine,
  useCsv,
} from './report-kit';

const T = UI_BOOKS.reports;

/** The income statement for a period: income, expense and the net. */
export function IncomeStatementReport({ from, to, onCsv }: { from: string; to: string; onCsv: CsvSink }) {
  const query = useQuery(bookQueries.incomeStatement(from, to));
  useCsv(query, onCsv, `income-statement-${from}-${to}.csv`, (data: IncomeStatement) =>
    statementCsv(data.currencies, (code, c) => [
      ...sectionRows(code, T.income, c.income),
      ...sectionRows(code, T.expense, c.expense),
      [code, T.netIncome, '', c.net_income],
    ]),
  );
  return (
    <Loaded query={query}>
      {(data) => (
        <PerCurrency currencies={data.currencies}>
          {(c, places) => (
            <>
              <SectionTable title={T.income} section={c.income} places={places} />
              <SectionTable title={T.expense} section={c.expense} places={places} />
              <TotalLine label={T.netIncome} amount={c.net_income} places={places} strong />
            </>
          )}
        </PerCurrency>
      )}
    </Loaded>
  );
}
