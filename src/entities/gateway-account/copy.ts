/** A gateway account's field labels (spec §2): its form and detail show them, its change history names changes with them. */
export const GATEWAY_ACCOUNT_FIELDS = {
  code: 'Code',
  paymentMethod: 'Payment Method',
  accountNumber: 'Account Number',
  phoneNumber: 'Phone Number',
  routingCode: 'Routing Code',
  totalBalance: 'Total Balance',
  status: 'Status',
} as const;
