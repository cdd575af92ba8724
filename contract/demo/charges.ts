/**
 * The demo gateway charges: flat, percent and ranged, on ETB and USD (the euro has none). What the
 * seed and the mocks both start from.
 */
import type { Charge, ChargeRange } from '../charge';

export interface DemoCharge
  extends Pick<Charge, 'name' | 'charge_time' | 'charge_calculation_method' | 'amount'> {
  /** The currency's name code (DEMO_CURRENCIES). */
  readonly currency: string;
  /** Present for a ranged charge (is_range), whose own amount is 0. */
  readonly charge_ranges?: readonly ChargeRange[];
}

function range(min_amount: string, max_amount: string, charge_amount: string): ChargeRange {
  return { min_amount, max_amount, charge_amount };
}

export const DEMO_CHARGES: readonly DemoCharge[] = [
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
    charge_ranges: [
      range('1', '1000', '5'),
      range('1001', '10000', '15'),
      range('10001', '100000', '50'),
      range('100001', '1000000', '150'),
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
    charge_ranges: [range('1', '100', '2'), range('101', '1000', '1.5'), range('1001', '10000', '1')],
  },
];
