/** Transaction table headers (spec §2 Transactions columns; the wording is ours). */
export const UI_TRANSACTION_COLUMNS = {
  date: 'Date',
  reference: 'Reference',
  customer: 'Customer Name',
  amount: 'Amount',
  type: 'Type',
  currency: 'Currency',
  paymentMethod: 'Payment Method',
  status: 'Status',
} as const;

/** What every screen that shows transactions writes the same way. */
export const UI_TRANSACTION = {
  /** Shown for the payment method of a transaction that has none. */
  internal: 'Internal',
} as const;
