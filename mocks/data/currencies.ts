import type { Currency } from '@contract/currency';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/**
 * The demo currencies (contract/demo/currencies.ts) as the MSW backend stores them: ETB and USD
 * carry charges and payment methods (a delete is refused with 409); EUR is used by nothing.
 */
/** Id of the currency at `index` of the demo list (0 = ETB, 1 = USD, 2 = EUR). */
export function currencyId(index: number): string {
  return mockId(0x40, index + 1);
}

export function buildCurrencies(): Currency[] {
  return CATALOGUE.currencies.map(({ tick, ...currency }, i) => ({
    ...currency,
    id: currencyId(i),
    created_at: createdAtOf({ tick }),
  }));
}

/**
 * Currencies beyond the demo's, for a test that needs a longer list (a second page): 'Test
 * currency N' (code TCN), each older than every demo currency, so they list after them.
 */
export function moreCurrencies(count: number): Currency[] {
  const oldest = Date.parse(createdAtOf({ tick: 0 }));
  return Array.from({ length: count }, (_, i) => ({
    id: mockId(0x40, 0x100 + i),
    name: `Test currency ${i + 1}`,
    name_code: `TC${i + 1}`,
    display_symbol: 'T',
    decimal_places: 2,
    in_multiples_of: '0.01',
    created_at: new Date(oldest - (i + 1) * 60_000).toISOString(),
  }));
}
