import { ACCOUNT_MAPPING_FIELDS } from '@/entities/account-mapping/copy';

/**
 * Account mappings (spec §2). The title, buttons, modal title and the staging list's empty text are
 * the spec's; column headers and labels are ours.
 */
export const UI_ACCOUNT_MAPPINGS = {
  title: 'Account Mapping',
  dataType: 'Account Mappings',
  search: 'Search account mappings',
  add: 'Add Account Mapping',
  modalTitle: 'Add Account Mapping',
  superseded: 'Superseded',
  supersededHint: 'A newer mapping with the same type, payment method and charge is in force',
  columns: {
    financialAccountType: 'Financial account type',
    paymentMethod: 'Payment method',
    charge: 'Charge amount',
    glAccount: 'GL account name',
    currency: 'Currency',
  },
  fields: ACCOUNT_MAPPING_FIELDS,
  /** The charge dropdown's option text: the charge's name, its kind (chargeKind) and currency. */
  chargeOption: (name: string, kind: string, currency: string) => `${name} (${kind}, ${currency})`,
  /** The table's charge: its name and kind, the currency having its own column (spec §2). */
  chargeCell: (name: string, kind: string) => `${name} (${kind})`,
  /** A ranged charge's kind: its own amount is 0, its ranges hold the fee. */
  rangedKind: (calculation: string) => `Ranged, ${calculation}`,
  addRow: 'Add',
  staged: 'Mappings to add',
  stagedEmpty: 'No data added Yet, Add one',
  remove: (n: number) => `Remove mapping ${n}`,
  removeColumn: 'Remove',
  refusedRow: 'Refused by the server',
  /** One list may not map a key twice (docs/decisions/009); rows are numbered from 1 on screen. */
  alreadyStaged: (row: number) =>
    `Row ${row} already maps this financial account type with the same payment method and charge`,
  submit: 'Submit',
  cancel: 'Cancel',
  /** Ours: closing the modal with rows staged asks first, so a stray Escape loses nothing. */
  discardQuestion: (n: number) => `Close without adding the ${n} staged mapping${n === 1 ? '' : 's'}?`,
  keepEditing: 'Keep editing',
  discard: 'Discard',
  noPaymentMethods: 'Add a payment method first: mappings are made for the payment methods that exist.',
  /** Spec §2's rule, said before the row is added rather than found out after. */
  pairHint:
    'A payment method and a charge are kept only together: with one of them empty, the row keeps only the financial account type and the GL account.',
} as const;
