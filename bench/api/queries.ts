/**
 * The list calls the API bench times, with parameters read from the data (the most frequent first
 * name, the last seeded day, the merchants' last page), so any seed, of any size and base date, can
 * be measured. Labels do not carry dates: the growth table (scale.ts) matches rows across seeds by
 * label.
 */
import { type Database, queryRows } from '../../server/db/connect';

export interface BenchQuery {
  label: string;
  path: string;
  /** Not a list call: the API's fixed cost per request, without a target. */
  floor?: boolean;
}

/** One order per sortable column of Transactions, each away from the default newest first. */
const TRANSACTION_SORT_ROWS = [
  'date.asc',
  'reference.asc',
  'customer.asc',
  'amount.desc',
  'amount.asc',
  'type.asc',
  'status.desc',
] as const;

/** Merchants per page in every merchants row. */
const MERCHANT_PAGE_SIZE = 10;

/** `to` minus `days - 1` whole days: a range of `days` days ending on `to` (YYYY-MM-DD). */
export function daysEndingOn(to: string, days: number): string {
  return new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export async function benchQueries(db: Database): Promise<BenchQuery[]> {
  const [name] = await queryRows<{ name: string }>(
    db,
    'select customer_first_name as name from transactions group by 1 order by count(*) desc, 1 limit 1',
  );
  const [data] = await queryRows<{ last: string | null; merchants: number }>(
    db,
    `select to_char(max(transaction_date) at time zone 'UTC', 'YYYY-MM-DD') as last,
            (select count(*) from merchants)::int as merchants
       from transactions`,
  );
  if (!name || !data?.last) throw new Error('the database has no transactions');
  const to = data.last;
  // Issue 23: the GL account with the most entries, in the currency it holds most (decision 037).
  const [busiest] = await queryRows<{ gl_account_id: string; currency_id: string }>(
    db,
    `select gl_account_id, currency_id from journal_entry_sums where currency_id is not null
       group by 1, 2 order by sum(entries) desc limit 1`,
  );
  const lastMerchantPage = Math.max(1, Math.ceil(data.merchants / MERCHANT_PAGE_SIZE));
  const range = (days: number) => `/transactions?from=${daysEndingOn(to, days)}&to=${to}&page=1&limit=10`;
  const merchantPage = (page: number) => `/merchants?page=${page}&limit=${MERCHANT_PAGE_SIZE}`;

  return [
    { label: 'transactions, no filter', path: '/transactions?page=1&limit=10' },
    { label: 'transactions, status=success', path: '/transactions?status=success&page=1&limit=10' },
    {
      label: 'transactions, search (most frequent first name)',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&page=1&limit=10`,
    },
    // Decision 069: a search's deep page, sorted by date and by a column, and a page sorted by the
    // customer (which walked the whole name index before).
    {
      label: 'transactions, search page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&page=50&limit=10`,
    },
    {
      label: 'transactions, search sort=amount.desc page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&sort=amount.desc&page=50&limit=10`,
    },
    // Decision 071: the search's deep page in each other order (each name walked in that order).
    {
      label: 'transactions, search sort=reference.asc page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&sort=reference.asc&page=50&limit=10`,
    },
    {
      label: 'transactions, search sort=type.desc page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&sort=type.desc&page=50&limit=10`,
    },
    {
      label: 'transactions, search sort=status.asc page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&sort=status.asc&page=50&limit=10`,
    },
    {
      label: 'transactions, search status=success page 50',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&status=success&page=50&limit=10`,
    },
    {
      label: 'transactions, search sort=customer.desc',
      path: `/transactions?search_term=${encodeURIComponent(name.name)}&sort=customer.desc&page=1&limit=10`,
    },
    // The seed spans 120 days: 7 days is a sliver, 90 days most of it, 365 all of it.
    { label: 'transactions, last 7 days', path: range(7) },
    { label: 'transactions, 90 days', path: range(90) },
    { label: 'transactions, 365 days', path: range(365) },
    { label: 'transactions, page 500', path: '/transactions?page=500&limit=10' },
    { label: 'merchants, page 1', path: merchantPage(1) },
    // Deep pages (the deferred join): page 200, and the last page whatever the merchant count.
    { label: 'merchants, page 200', path: merchantPage(Math.min(200, lastMerchantPage)) },
    { label: 'merchants, last page', path: merchantPage(lastMerchantPage) },
    { label: 'payouts (status=pay-out)', path: '/transactions?status=pay-out&page=1&limit=10' },
    // Issue 24: each sortable column of Transactions, away from the default order (decision 041).
    ...TRANSACTION_SORT_ROWS.map((sort) => ({
      label: `transactions, sort=${sort}`,
      path: `/transactions?sort=${sort}&page=1&limit=10`,
    })),
    {
      label: 'transactions, sort=amount.desc page 500',
      path: '/transactions?sort=amount.desc&page=500&limit=10',
    },
    {
      label: 'payouts, sort=amount.desc',
      path: '/transactions?status=pay-out&sort=amount.desc&page=1&limit=10',
    },
    // Decision 044: the other lists that grow with the business, sorted by an indexed column
    // (migration 0025), on the first page and a deep one (the page's ids first, then its joins).
    { label: 'merchants, sort=name.asc', path: `${merchantPage(1)}&sort=name.asc` },
    {
      label: 'merchants, sort=name.desc page 200',
      path: `${merchantPage(Math.min(200, lastMerchantPage))}&sort=name.desc`,
    },
    { label: 'journal entries, sort=amount.desc', path: '/journal-entries?sort=amount.desc&page=1&limit=10' },
    {
      label: 'journal entries, sort=amount.desc page 500',
      path: '/journal-entries?sort=amount.desc&page=500&limit=10',
    },
    // Ours, beside the list: the console's home page over its default 30 days (decision 017).
    { label: 'dashboard, last 30 days', path: `/dashboard/summary?from=${daysEndingOn(to, 30)}&to=${to}` },
    // Issue 23: the reports, from the kept daily sums (decision 037), and a broad journal search.
    { label: 'reports, trial balance', path: `/reports/trial-balance?as_of=${to}` },
    { label: 'reports, balance sheet', path: `/reports/balance-sheet?as_of=${to}` },
    {
      label: 'reports, income statement (30 days)',
      path: `/reports/income-statement?from=${daysEndingOn(to, 30)}&to=${to}`,
    },
    ...(busiest
      ? [
          {
            label: 'reports, GL account statement page (busiest account, 30 days)',
            path: `/reports/gl-account-statement?gl_account_id=${busiest.gl_account_id}&currency_id=${busiest.currency_id}&from=${daysEndingOn(to, 30)}&to=${to}&page=1&limit=50`,
          },
        ]
      : []),
    {
      label: 'journal entries, search payment',
      path: '/journal-entries?search_term=payment&page=1&limit=10',
    },
    { label: 'journal entries, search payment totals', path: '/journal-entries/totals?search_term=payment' },
    // Not a target: the API's fixed cost per request (loopback HTTP, Hono, JSON) around `select 1`.
    { label: 'floor: /health (select 1)', path: '/health', floor: true },
  ];
}
