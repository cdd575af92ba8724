import type { Currency } from '@contract/currency';
import { Stack, Title } from '@mantine/core';
import { DetailEntry } from '@/components/detail-entry';
import { UI_CURRENCIES } from './copy';

const S = UI_CURRENCIES.summary;

/** The detail page's left side (spec §2): name, symbol, decimal places, multiple of, short name. */
export function CurrencySummary({ currency }: { currency: Currency }) {
  const fields: [string, string | number][] = [
    [S.name, currency.name],
    [S.symbol, currency.display_symbol],
    [S.decimalPlaces, currency.decimal_places],
    [S.multipleOf, currency.in_multiples_of],
    [S.shortName, currency.name_code],
  ];
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {currency.name}
      </Title>
      <Stack component="dl" gap="sm" m={0}>
        {fields.map(([label, value]) => (
          <DetailEntry key={label} label={label}>
            {value}
          </DetailEntry>
        ))}
      </Stack>
    </Stack>
  );
}
