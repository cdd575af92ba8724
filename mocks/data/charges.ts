import type { Charge, ChargeRange } from '@contract/charge';
import type { Currency } from '@contract/currency';
import { mockId } from './merchants';

/**
 * Deterministic gateway charges for the MSW backend, the reference server's seed: flat, percent and
 * ranged charges on ETB and USD; no other currency has any.
 */
type ChargeSeed = Pick<Charge, 'name' | 'charge_time' | 'charge_calculation_method' | 'amount'> & {
  currency: string;
  ranges?: readonly (readonly [min: string, max: string, charge: string])[];
};

const CHARGES: readonly ChargeSeed[] = [
  {
    currency: 'ETB',
    name: 'Wallet transaction fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'FLAT',
    amount: '5',
  },
  {
    currency: 'ETB',
    name: 'Card processing fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'PERCENT',
    amount: '2.5',
  },
  {
    currency: 'ETB',
    name: 'Bank transfer fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'FLAT',
    amount: '0',
    ranges: [
      ['1', '1000', '5'],
      ['1001', '10000', '15'],
      ['10001', '100000', '50'],
      ['100001', '1000000', '150'],
    ],
  },
  {
    currency: 'ETB',
    name: 'Refund fee',
    charge_time: 'REFUND_FEE',
    charge_calculation_method: 'FLAT',
    amount: '10',
  },
  {
    currency: 'ETB',
    name: 'Monthly account maintenance',
    charge_time: 'MONTHLY_FEE',
    charge_calculation_method: 'FLAT',
    amount: '100',
  },
  {
    currency: 'USD',
    name: 'International card fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'PERCENT',
    amount: '3.5',
  },
  {
    currency: 'USD',
    name: 'Chargeback fee',
    charge_time: 'CHARGE_BACK_FEE',
    charge_calculation_method: 'FLAT',
    amount: '15',
  },
  {
    currency: 'USD',
    name: 'USD transfer fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'PERCENT',
    amount: '0',
    ranges: [
      ['1', '100', '2'],
      ['101', '1000', '1.5'],
      ['1001', '10000', '1'],
    ],
  },
];

const BASE_TIME = Date.UTC(2026, 9, 2, 8, 0, 0);
const FEE_ON_DATE = '2026-10-02';

export function chargeId(index: number): string {
  return mockId(0x41, index + 1);
}

function toRanges(seed: ChargeSeed): ChargeRange[] {
  return (seed.ranges ?? []).map(([min_amount, max_amount, charge_amount]) => ({
    min_amount,
    max_amount,
    charge_amount,
  }));
}

/** The seeded charges of the given currencies (a seed whose currency is absent is left out). */
export function buildCharges(currencies: readonly Currency[]): Charge[] {
  return CHARGES.flatMap((seed, i) => {
    const currency = currencies.find((c) => c.name_code === seed.currency);
    if (!currency) return [];
    return [
      {
        id: chargeId(i),
        currency_id: currency.id,
        name: seed.name,
        charge_type: 'GATEWAY_CHARGE' as const,
        charge_time: seed.charge_time,
        charge_calculation_method: seed.charge_calculation_method,
        amount: seed.amount,
        is_range: seed.ranges !== undefined,
        charge_ranges: toRanges(seed),
        fee_on_date: FEE_ON_DATE,
        fee_interval: null,
        currency: { id: currency.id, name: currency.name, name_code: currency.name_code },
        // An hour apart, newest first in index order.
        created_at: new Date(BASE_TIME - i * 3_600_000).toISOString(),
      },
    ];
  });
}
