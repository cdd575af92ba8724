/**
 * "2.500000" (numeric(24,6) as the server sends it) -> "2.50": trailing zeros dropped down to two
 * places, every significant digit kept, no float involved.
 */
export function formatAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
