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
  /** Bulk actions (ours, issue 24). */
  bulk: {
    label: 'Bulk actions',
    selected: (n: number) => `${n} selected`,
    allMatching: (n: number) => `All ${n} that match the filters are selected`,
    selectAllMatching: (n: number) => `Select all ${n} that match`,
    clear: 'Clear selection',
    approve: 'Approve selected',
    reject: 'Reject selected',
    exportCsv: 'Export selected to CSV',
    approveTitle: 'Approve payouts',
    approveMessage: (n: number) =>
      `Approve ${n} payout${n === 1 ? '' : 's'}? Each is checked as if approved alone: one above its approval threshold is sent for approval instead.`,
    rejectTitle: 'Reject payouts',
    rejectMessage: (n: number) => `Reject ${n} payout${n === 1 ? '' : 's'}? The requests will be canceled.`,
    reason: 'Reason',
    reasonRequired: 'Give a reason for rejecting the payouts',
    cancel: 'Cancel',
    summaryTitle: 'Bulk decision',
    approved: (n: number) => `${n} approved`,
    rejected: (n: number) => `${n} rejected`,
    sentForApproval: (n: number) => `${n} sent for approval`,
    refused: (n: number) => `${n} refused`,
    refusedList: 'Refused',
    close: 'Close',
  },
} as const;
