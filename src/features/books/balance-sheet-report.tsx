import type { BalanceSheet } from '@contract/books';
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

/** The balance sheet as of a day: assets against liabilities, equity and the period's earnings. */
export function BalanceSheetReport({ asOf, onCsv }: { asOf: string; onCsv: CsvSink }) {
  const query = useQuery(bookQueries.balanceSheet(asOf));
  useCsv(query, onCsv, `balance-sheet-${asOf}.csv`, (data: BalanceSheet) =>
    statementCsv(data.currencies, (code, c) => [
      ...sectionRows(code, T.assets, c.assets),
      ...sectionRows(code, T.liabilities, c.liabilities),
      ...sectionRows(code, T.equity, c.equity),
      [code, T.equity, T.currentEarnings, c.current_earnings],
      [code, T.liabilitiesAndEquity, T.total, c.liabilities_and_equity_total],
    ]),
  );
  return (
    <Loaded query={query}>
      {(data) => (
        <PerCurrency currencies={data.currencies}>
          {(c, places) => (
            <>
              <SectionTable title={T.assets} section={c.assets} places={places} />
              <SectionTable title={T.liabilities} section={c.liabilities} places={places} />
              <SectionTable title={T.equity} section={c.equity} places={places} />
              <TotalLine label={T.currentEarnings} amount={c.current_earnings} places={places} />
              <TotalLine
                label={T.liabilitiesAndEquity}
                amount={c.liabilities_and_equity_total}
                places={places}
                strong
              />
            </>
          )}
        </PerCurrency>
      )}
    </Loaded>
  );
}
