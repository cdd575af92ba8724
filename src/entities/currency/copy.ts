/** A currency's field labels (spec §2): its form shows them, its change history names changes with them. */
export const CURRENCY_FIELDS = {
  name: 'Currency Name',
  decimalPlaces: 'Decimal Places',
  inMultiplesOf: 'In Multiples Of',
  displaySymbol: 'Display Symbol',
  nameCode: 'Name Code',
} as const;
