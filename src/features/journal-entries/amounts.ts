/**
 * Exact arithmetic on the ledger's decimal strings ("1250.500000", numeric(24,6) on the server) for
 * the totals line: no float ever touches them, a trial balance must show the cent the database holds.
 * Display goes through lib/money.ts.
 */

const SCALE = 6;
const UNIT = 10n ** BigInt(SCALE);

function scaled(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const value = BigInt(whole || '0') * UNIT + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
  return negative ? -value : value;
}

/** a - b exactly, as a decimal string with six places. */
export function subtractAmounts(a: string, b: string): string {
  const difference = scaled(a) - scaled(b);
  const magnitude = difference < 0n ? -difference : difference;
  const text = `${magnitude / UNIT}.${(magnitude % UNIT).toString().padStart(SCALE, '0')}`;
  return difference < 0n ? `-${text}` : text;
}
