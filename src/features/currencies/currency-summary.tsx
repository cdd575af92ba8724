import type { Currency } from '@contract/currency';
import { Stack, Text, Title } from '@mantine/core';
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
          <Stack key={label} gap={2}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
