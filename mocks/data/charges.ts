import { CHARGE_TYPE, type Charge } from '@contract/charge';
import type { Currency } from '@contract/currency';
import { CATALOGUE, createdAtOf, MOCK_SEED_DATE } from './catalogue';
import { mockId } from './merchants';

/**
 * The demo gateway charges (contract/demo/charges.ts) as the MSW backend stores them: flat,
 * percent and ranged charges on ETB and USD; the euro has none. fee_on_date is the seed's date.
 */
const FEE_ON_DATE = MOCK_SEED_DATE.toISOString().slice(0, 10);

/** Id of the charge at `index` of the demo list (0 = Wallet transaction fee). */
export function chargeId(index: number): string {
  return mockId(0x41, index + 1);
}

/** The demo charges of the given currencies (a charge whose currency is absent is left out). */
export function buildCharges(currencies: readonly Currency[]): Charge[] {
  return CATALOGUE.charges.flatMap((charge, i) => {
    const currency = currencies.find((c) => c.name_code === charge.currency);
    if (!currency) return [];
    return [
      {
        id: chargeId(i),
        currency_id: currency.id,
        name: charge.name,
        charge_type: CHARGE_TYPE,
        charge_time: charge.charge_time,
        charge_calculation_method: charge.charge_calculation_method,
        amount: charge.amount,
        is_range: charge.charge_ranges !== undefined,
        charge_ranges: (charge.charge_ranges ?? []).map((r) => ({ ...r })),
        fee_on_date: FEE_ON_DATE,
        fee_interval: null,
        currency: { id: currency.id, name: currency.name, name_code: currency.name_code },
        created_at: createdAtOf(charge),
      },
    ];
  });
}
