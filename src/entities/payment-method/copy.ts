/** A payment method's field labels (spec §2): its form shows them, its change history names changes with them. */
export const PAYMENT_METHOD_FIELDS = {
  name: 'Name',
  type: 'Type',
  url: 'URL',
  logo: 'Logo',
  code: 'Code',
  accountNumberLength: 'Account Number Length',
  supportedCurrencies: 'Supported Currencies',
} as const;

/** A transaction limit's field labels, in its form and in its payment method's change history. */
export const TRANSACTION_LIMIT_FIELDS = {
  min: 'Minimum Amount',
  max: 'Maximum Amount',
  interval: 'Interval',
} as const;
