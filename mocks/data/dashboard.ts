import type { DashboardSummary } from '@contract/dashboard';
import { normalize, add as plus } from '@contract/decimal';
import { MERCHANT_STATUSES, type Merchant } from '@contract/merchant';
import { TRANSACTION_STATUSES, type Transaction } from '@contract/transaction';

/**
 * The mock backend's "today" for the Dashboard's default range. The mock transactions are fixed in
 * the days before 2026-11-21 (data/transactions.ts), so a real clock would leave the default
 * 30 days empty as soon as time moves on; tests and the mock-backed dev console always see data.
 */
export const MOCK_TODAY = '2026-11-21';

const DAY_MS = 86_400_000;

/** The server's rule (server/routes/dashboard-queries.ts): `to` today or `from`, `from` 29 days before `to`. */
export function resolveMockRange(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? (query.from && query.from > MOCK_TODAY ? query.from : MOCK_TODAY);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** Decimal places per currency; the mock transactions carry only the code and the name. */
const DECIMAL_PLACES: Readonly<Record<string, number>> = { ETB: 2, USD: 2 };

function sumInto(volumes: Record<string, string>, code: string, amount: string) {
  volumes[code] = plus(volumes[code] ?? '0', amount);
}

/**
 * `GET dashboard/summary` over the mock store, summed exactly on decimal strings as the server's
 * SQL numeric does. Days are UTC days of `transaction_date`.
 */
export function buildDashboardSummary(
  transactions: readonly Transaction[],
  merchants: readonly Merchant[],
  range: { from: string; to: string },
): DashboardSummary {
  const inRange = transactions.filter((t) => {
    const day = t.transaction_date.slice(0, 10);
    return day >= range.from && day <= range.to;
  });
  const codes = [...new Set(inRange.map((t) => t.transaction_method.currency.name_code))].sort();
  const currencies = codes.map((code) => {
    const own = inRange.filter((t) => t.transaction_method.currency.name_code === code);
    const success = own.filter((t) => t.status === 'SUCCESS');
    return {
      currency: {
        name_code: code,
        name: own[0]?.transaction_method.currency.name ?? code,
        decimal_places: DECIMAL_PLACES[code] ?? 2,
      },
      count: own.length,
      volume: own.reduce((s, t) => plus(s, t.amount), '0'),
      success_count: success.length,
      success_volume: success.reduce((s, t) => plus(s, t.amount), '0'),
    };
  });

  const daily = new Map<string, { date: string; currency: string; count: number; volume: string }>();
  for (const t of inRange) {
    const date = t.transaction_date.slice(0, 10);
    const currency = t.transaction_method.currency.name_code;
    const key = `${date} ${currency}`;
    const row = daily.get(key) ?? { date, currency, count: 0, volume: '0' };
    daily.set(key, { ...row, count: row.count + 1, volume: plus(row.volume, t.amount) });
  }

  const pendingVolumes: Record<string, string> = {};
  const pending = transactions.filter((t) => t.status === 'PAY_OUT');
  for (const t of pending) sumInto(pendingVolumes, t.transaction_method.currency.name_code, t.amount);

  return {
    from: range.from,
    to: range.to,
    currencies,
    by_status: TRANSACTION_STATUSES.map((status) => {
      const own = inRange.filter((t) => t.status === status);
      const volumes: Record<string, string> = {};
      for (const t of own) sumInto(volumes, t.transaction_method.currency.name_code, t.amount);
      return { status, count: own.length, volumes };
    }),
    daily: [...daily.values()]
      .map((row) => ({ ...row, volume: normalize(row.volume) }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency)),
    pending_payouts: { count: pending.length, volumes: pendingVolumes },
    merchants_by_status: Object.fromEntries(
      MERCHANT_STATUSES.map((s) => [s, merchants.filter((m) => m.status === s).length]),
    ) as DashboardSummary['merchants_by_status'],
  };
}
