import type { Charge } from '@contract/charge';
import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { enumLabel } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { UI_CHARGE } from './copy';

const helper = createColumnHelper<ListTableFeatures, Charge>();
const C = UI_CHARGE.columns;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A charge's rate: a percentage as sent with a % suffix (spec §9), a flat amount as money in the
 * charge's currency. Without the currency's places (not loaded) the digits are grouped, unpadded.
 */
function chargeRate(charge: Charge, value: string, decimalPlaces: number | undefined): string {
  return charge.charge_calculation_method === 'PERCENT'
    ? `${value}%`
    : formatMoney(value, decimalPlaces ?? 0);
}

/** One range as the lists show it: '1,001.00 – 10,000.00: 15.00'. */
function chargeRangeText(
  charge: Charge,
  range: Charge['charge_ranges'][number],
  decimalPlaces: number | undefined,
): string {
  const places = decimalPlaces ?? 0;
  return UI_CHARGE.range(
    formatMoney(range.min_amount, places),
    formatMoney(range.max_amount, places),
    chargeRate(charge, range.charge_amount, decimalPlaces),
  );
}

/**
 * The columns every charge table shows the same way (the currency's page, the payment method's
 * Charges tab): name, the charge time and the calculation by their labels (enumLabel: `Transaction
 * Fee`, `Percentage` / `Flat`), and the amount or each range. `decimalPlaces` is the currency's.
 */
export function chargeColumns(decimalPlaces: number | undefined) {
  return helper.columns([
    helper.accessor('name', { header: C.name }),
    helper.accessor('charge_time', { header: C.chargeTime, cell: (info) => enumLabel(info.getValue()) }),
    helper.accessor('charge_calculation_method', {
      header: C.calculation,
      cell: (info) => enumLabel(info.getValue()),
    }),
    helper.display({
      id: 'amount',
      header: C.amount,
      cell: ({ row }) => {
        const charge = row.original;
        if (!charge.is_range) return chargeRate(charge, charge.amount, decimalPlaces);
        return (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {UI_CHARGE.ranged}
            </Text>
            {charge.charge_ranges.map((range) => (
              <Text key={range.min_amount} size="sm" style={NO_WRAP}>
                {chargeRangeText(charge, range, decimalPlaces)}
              </Text>
            ))}
          </Stack>
        );
      },
    }),
  ]);
}
