/**
 * The demo currencies: what the reference server seeds and the MSW mocks start from, written once.
 * Ethiopian birr and dollars carry charges and payment methods (a delete is refused with 409);
 * the euro is used by nothing, so the console can delete it.
 */
import type { Currency } from '../currency';

/** A currency as the demo describes it: the wire fields less the id and created_at both assign. */
export type DemoCurrency = Omit<Currency, 'id' | 'created_at'>;

export const DEMO_CURRENCIES: readonly DemoCurrency[] = [
  {
    name: 'Ethiopian Birr',
    name_code: 'ETB',
    display_symbol: 'Br',
    decimal_places: 2,
    in_multiples_of: '0.05',
  },
  { name: 'US Dollar', name_code: 'USD', display_symbol: '$', decimal_places: 2, in_multiples_of: '0.01' },
  { name: 'Euro', name_code: 'EUR', display_symbol: '€', decimal_places: 2, in_multiples_of: '0.01' },
];
