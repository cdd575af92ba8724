/** A GL account's form labels (spec §2): its form shows them, its change history names changes with them. */
export const GL_ACCOUNT_FIELDS = {
  name: 'Name',
  type: 'Type',
  typePlaceholder: 'Select a type',
  manual: 'Manual journal entries',
  manualYes: 'Allowed',
  manualNo: 'Not allowed',
  description: 'Description',
} as const;
