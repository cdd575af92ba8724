import { PAYMENT_METHOD_FIELDS, TRANSACTION_LIMIT_FIELDS } from '@/entities/payment-method/copy';

/**
 * Payment methods (`/payment-methods`) and a method's detail with its transaction limits and the
 * gateway charges of its currencies (spec §2). The spec names the button, columns, fields and tabs;
 * the headers' wording, dialog texts and the Charges tab's texts are ours.
 */
export const UI_PAYMENT_METHODS = {
  title: 'Payment Methods',
  dataType: 'Payment Methods',
  search: 'Search payment methods by name or code',
  add: 'Add Payment Method',
  addTitle: 'Add Payment Method',
  editTitle: 'Edit Payment Method',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    logo: 'Logo',
    name: 'Name',
    type: 'Payment Type',
    website: 'Website',
    status: 'Status',
    actions: 'Actions',
  },
  fields: PAYMENT_METHOD_FIELDS,
  typePlaceholder: 'Select a type',
  currenciesPlaceholder: 'Select currencies',
  // The console shows only images it serves itself (docs/decisions/026).
  logoHint: 'A path on this server, such as /api/v1/files/logos/bank.svg, or a data:image URL',
  types: { BANK: 'Bank', WALLET: 'Wallet', CARD: 'Card' },
  detail: 'Detail',
  edit: 'Edit',
  activate: 'Activate',
  deactivate: 'Deactivate',
  /** Accessible names of the row buttons, which repeat on every row. */
  detailOf: (name: string) => `Detail of ${name}`,
  editOf: (name: string) => `Edit ${name}`,
  activateOf: (name: string) => `Activate ${name}`,
  deactivateOf: (name: string) => `Deactivate ${name}`,
  activateTitle: 'Activate payment method',
  deactivateTitle: 'Deactivate payment method',
  activateMessage: (name: string) => `Activate ${name}? Customers will be able to pay with it.`,
  deactivateMessage: (name: string) => `Deactivate ${name}? Customers will no longer be able to pay with it.`,
  detailTitle: 'Payment Method Details',
  notFound: 'This payment method does not exist.',
  code: 'Code',
  tabs: { limits: 'Transaction Limit', charges: 'Charges' },
  limits: {
    dataType: 'Transaction Limits',
    add: 'Add Transaction Limit',
    addTitle: 'Add Transaction Limit',
    editTitle: 'Edit Transaction Limit',
    save: 'Save',
    columns: {
      min: 'Minimum Amount',
      max: 'Maximum Amount',
      interval: 'Interval',
      status: 'Status',
      actions: 'Actions',
    },
    fields: TRANSACTION_LIMIT_FIELDS,
    intervalPlaceholder: 'Select an interval',
    intervals: { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' },
    edit: 'Edit',
    delete: 'Delete',
    editOf: (interval: string, n: number) => `Edit ${interval} limit ${n}`,
    deleteOf: (interval: string, n: number) => `Delete ${interval} limit ${n}`,
    deleteTitle: 'Delete transaction limit',
    deleteMessage: (interval: string, min: string, max: string) =>
      `Delete the ${interval} limit of ${min} to ${max}? Payments will no longer be checked against it.`,
  },
  charges: {
    intro:
      'Gateway charges of the currencies this payment method supports. They are changed on each currency’s page.',
    dataType: 'Charges',
    none: 'This currency has no gateway charges',
    noCurrencies: 'This payment method supports no currency',
    unknownCurrency: (code: string) => `${code}: no currency has this code`,
    noPermission: 'You do not have permission to view charges',
    openCurrency: (name: string, code: string) => `${name} (${code})`,
  },
} as const;
