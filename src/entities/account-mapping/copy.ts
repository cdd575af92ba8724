/** An account mapping's form labels (spec §2): its form shows them, its change history names changes with them. */
export const ACCOUNT_MAPPING_FIELDS = {
  paymentMethod: 'Payment method',
  glAccount: 'Gl account',
  charge: 'Charge',
  financialAccountType: 'Financial account type',
  none: 'None',
  select: 'Select',
} as const;
