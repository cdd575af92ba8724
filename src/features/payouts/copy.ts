/**
 * Payouts screen (spec §2 Payouts): title, column headers and the approve/reject dialogs; wording
 * beyond the spec is ours.
 */
export const UI_PAYOUTS = {
  title: 'Payouts requests',
  columns: {
    time: 'Transaction Time',
    code: 'Transaction code',
    customer: 'Customer',
    amount: 'Amount',
    type: 'Type',
    currency: 'Currency',
    paymentType: 'Payment type',
    status: 'Status',
    actions: 'Actions',
  },
  copy: (code: string) => `Copy ${code}`,
  approve: 'Approve',
  reject: 'Reject',
  approveTitle: 'Approve payout',
  rejectTitle: 'Reject payout',
  approveMessage: (code: string) => `Approve payout ${code}? The money will be paid out.`,
  rejectMessage: (code: string) => `Reject payout ${code}? The request will be canceled.`,
  copyFailed: 'Could not copy the transaction code',
  dateRange: 'Date range',
} as const;
