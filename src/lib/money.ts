/**
 * Money as the API sends it: exact decimal strings. Display only regroups the whole digits and pads
 * the fraction to the currency's places; it never rounds and never goes through a JavaScript
 * number, so an amount beyond 2^53 or with more places than the currency reads exactly as stored.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The sign, the whole digits grouped by three, and the fraction as sent; undefined if not a decimal. */
function split(value: string): { sign: string; grouped: string; fraction: string } | undefined {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { sign, grouped, fraction };
}

/** "1000000" -> "1,000,000"; the fraction is kept as sent. Anything not a decimal is left alone. */
export function groupDigits(value: string): string {
  const parts = split(value);
  if (!parts) return value;
  const { sign, grouped, fraction } = parts;
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/**
 * "1000" with 2 places -> "1,000.00"; the ledger's "1250.500000" -> "1,250.50": zeros past the
 * currency's places are dropped, a significant digit never is ("0.125" with 2 places stays
 * "0.125"; no rounding).
 */
export function formatMoney(value: string, places: number): string {
  const parts = split(value);
  if (!parts) return value;
  const { sign, grouped, fraction } = parts;
  const significant = fraction.replace(/0+$/, '');
  const shown = significant.length >= places ? significant : significant.padEnd(places, '0');
  return shown ? `${sign}${grouped}.${shown}` : `${sign}${grouped}`;
}

/**
 * {@link formatMoney} when the places are known; otherwise the amount as sent, grouped (a gateway
 * balance whose method supports no known currency).
 */
export function formatMoneyIn(value: string, places: number | null): string {
  return places === null ? groupDigits(value) : formatMoney(value, places);
}
