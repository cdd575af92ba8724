import type { ChargeCalculationMethod } from '@contract/charge';
import { enumLabel } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { UI_ACCOUNT_MAPPINGS } from './copy';

/** What tells one charge from another beside its name. */
export interface ChargeKindOf {
  amount: string;
  is_range: boolean;
  charge_calculation_method: ChargeCalculationMethod;
}

/**
 * A charge's kind as the mapping screen shows it: `Ranged, Flat` for a ranged charge (whose own
 * amount is 0, so an amount alone told ranged charges apart from nothing), `2.5%` for a percentage,
 * the amount with the usual two places for a flat fee. From the decimal string, never a float.
 */
export function chargeKind(charge: ChargeKindOf): string {
  const method = charge.charge_calculation_method;
  if (charge.is_range) return UI_ACCOUNT_MAPPINGS.rangedKind(enumLabel(method));
  return method === 'PERCENT' ? `${formatMoney(charge.amount, 0)}%` : formatMoney(charge.amount, 2);
}
