import type { Currency } from '@contract/currency';
import { mockId } from './merchants';

/**
 * Deterministic currencies for the MSW backend, the reference server's seed (ETB, USD, EUR) plus a
 * few more so the list has a second page at limit 10. ETB and USD carry charges (in use, so a
 * delete is refused with 409); EUR and the rest are used by nothing and can be deleted.
 */
const CURRENCIES: readonly Omit<Currency, 'id' | 'created_at'>[] = [
  {
    name: 'Ethiopian Birr',
    name_code: 'ETB',
    display_symbol: 'Br',
    decimal_places: 2,
    in_multiples_of: '0.05',
  },
  { name: 'US Dollar', name_code: 'USD', display_symbol: '$', decimal_places: 2, in_multiples_of: '0.01' },
  { name: 'Euro', name_code: 'EUR', display_symbol: '€', decimal_places: 2, in_multiples_of: '0.01' },
  {
    name: 'Pound Sterling',
    name_code: 'GBP',
    display_symbol: '£',
    decimal_places: 2,
    in_multiples_of: '0.01',
  },
  {
    name: 'Kenyan Shilling',
    name_code: 'KES',
    display_symbol: 'KSh',
    decimal_places: 2,
    in_multiples_of: '1',
  },
  {
    name: 'Djiboutian Franc',
    name_code: 'DJF',
    display_symbol: 'Fdj',
    decimal_places: 0,
    in_multiples_of: '1',
  },
  { name: 'UAE Dirham', name_code: 'AED', display_symbol: 'د.إ', decimal_places: 2, in_multiples_of: '0.25' },
  { name: 'Saudi Riyal', name_code: 'SAR', display_symbol: '﷼', decimal_places: 2, in_multiples_of: '0.05' },
  { name: 'Chinese Yuan', name_code: 'CNY', display_symbol: '¥', decimal_places: 2, in_multiples_of: '0.01' },
  { name: 'Indian Rupee', name_code: 'INR', display_symbol: '₹', decimal_places: 2, in_multiples_of: '1' },
  {
    name: 'Sudanese Pound',
    name_code: 'SDG',
    display_symbol: 'ج.س',
    decimal_places: 2,
    in_multiples_of: '0.01',
  },
  { name: 'Japanese Yen', name_code: 'JPY', display_symbol: '¥', decimal_places: 0, in_multiples_of: '1' },
];

export const CURRENCY_COUNT = CURRENCIES.length;

const BASE_TIME = Date.UTC(2026, 9, 1, 8, 0, 0);

/** Id of the currency at `index` (0 = ETB, 1 = USD, 2 = EUR). */
export function currencyId(index: number): string {
  return mockId(0x40, index + 1);
}

export function buildCurrencies(): Currency[] {
  return CURRENCIES.map((c, i) => ({
    ...c,
    id: currencyId(i),
    // One a day going back from the base time: newest first is index order, like the server.
    created_at: new Date(BASE_TIME - i * 86_400_000).toISOString(),
  }));
}
