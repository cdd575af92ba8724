import { UI_CHARGE } from '@/entities/charge/copy';

/** A currency's gateway charges and the charge form (spec §2, §4, §9); wording beyond the spec's is ours. */
export const UI_CHARGES = {
  title: 'Charges',
  dataType: 'Charges',
  add: 'Add Charge',
  addTitle: 'Add Charge',
  editTitle: 'Update Charge',
  submitAdd: 'Add',
  submitUpdate: 'Update',
  update: 'Update',
  delete: 'Delete',
  updateOf: (name: string) => `Update ${name}`,
  deleteOf: (name: string) => `Delete ${name}`,
  cancel: 'Cancel',
  fields: UI_CHARGE.fields,
  ranged: UI_CHARGE.ranged,
  notRanged: 'Not Ranged',
  addRange: 'Add Range',
  removeRange: (n: number) => `Remove range ${n}`,
  rangeLabel: (n: number) => `Range ${n}`,
  columns: UI_CHARGE.columns,
  deleteTitle: 'Delete charge',
  deleteMessage: (name: string) =>
    `Delete the charge ${name}? A charge used by an account mapping cannot be deleted.`,
} as const;
