/**
 * Money as the API sends it: exact decimal strings. Display only regroups the whole digits and pads
 * the fraction to the currency's places; it never rounds and never goes through a JavaScript
 * number, so an amount beyond 2^53 or with more places than the currency reads exactly as stored.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1000000" -> "1,000,000"; the fraction is kept as sent. Anything not a decimal is left alone. */
export function groupDigits(value: string): string {
  return formatMoney(value, 0);
}

/** "1000" with 2 places -> "1,000.00"; "0.125" with 2 places stays "0.125" (no rounding). */
export function formatMoney(value: string, places: number): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const shown = fraction.length >= places ? fraction : fraction.padEnd(places, '0');
  return shown ? `${sign}${grouped}.${shown}` : `${sign}${grouped}`;
}
