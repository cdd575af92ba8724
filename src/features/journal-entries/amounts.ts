import { DB_SCALE, sub, toFixed } from '@contract/decimal';

/**
 * The totals line's difference on the ledger's decimal strings ("1250.500000", numeric(24,6) on the
 * server), exact (contract/decimal.ts): a trial balance must show the cent the database holds.
 * Display goes through lib/money.ts.
 */

/** a - b exactly, as a decimal string with six places, as the server writes ledger amounts. */
export function subtractAmounts(a: string, b: string): string {
  return toFixed(sub(a, b), DB_SCALE);
}
