import { CURRENCY_FIELDS } from '@/entities/currency/copy';

/**
 * Currencies (`/currency`) and a currency's detail with its gateway charges (spec §2). The spec
 * names the columns, fields and options; the headers' and buttons' wording and the dialog texts are ours.
 */
export const UI_CURRENCIES = {
  title: 'Currencies',
  dataType: 'Currencies',
  search: 'Search currencies by name or code',
  add: 'Add Currency',
  addTitle: 'Add Currency',
  editTitle: 'Edit Currency',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    name: 'Currency Name',
    nameCode: 'Name Code',
    symbol: 'Decimal Symbol',
    decimalPlaces: 'Decimal Places',
    multiplesOf: 'Multiples Of',
    actions: 'Actions',
  },
  fields: CURRENCY_FIELDS,
  detail: 'Detail',
  edit: 'Edit',
  delete: 'Delete',
  /** Accessible names of the row buttons, which repeat on every row. */
  detailOf: (code: string) => `Detail of ${code}`,
  editOf: (code: string) => `Edit ${code}`,
  deleteOf: (code: string) => `Delete ${code}`,
  deleteTitle: 'Delete currency',
  deleteMessage: (name: string, code: string) =>
    `Delete ${name} (${code})? A currency used by charges, payment methods or transactions cannot be deleted.`,
  detailTitle: 'Currency Details',
  summary: {
    name: 'Name',
    symbol: 'Symbol',
    decimalPlaces: 'Decimal Places',
    multipleOf: 'Multiple Of',
    shortName: 'Short Name',
  },
  notFound: 'This currency does not exist or was deleted.',
  backToList: 'Back to currencies',
} as const;
