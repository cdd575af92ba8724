/**
 * Display of the ledger's exact decimal strings ("1250.500000", numeric(24,6) on the server). No
 * float ever touches them: a trial balance must show the cent the database holds.
 */

const SCALE = 6;
const UNIT = 10n ** BigInt(SCALE);

/**
 * "1250.500000" -> "1250.50"; "3.141500" -> "3.1415": trailing zeros dropped down to `places` (the
 * currency's decimal places, two by default), never a significant digit.
 */
export function formatAmount(amount: string, places = 2): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(places, '0');
  return `${negative ? '-' : ''}${whole.replace(/^0+(?=\d)/, '')}${trimmed ? `.${trimmed}` : ''}`;
}

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

export function sameAmount(a: string, b: string): boolean {
  return scaled(a) === scaled(b);
}
