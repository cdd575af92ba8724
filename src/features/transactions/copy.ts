/**
 * Transactions screen (spec §2 Transactions): title, search box, the left status filter's labels and
 * the date range's name.
 */
export const UI_TRANSACTIONS = {
  title: 'Transactions',
  search: 'Search transaction by reference or customer name',
  filters: {
    all: 'All',
    success: 'Success',
    'pay-out': 'Pay Out',
    'checked-out': 'Checked Out',
    pending: 'Pending',
    failed: 'Failed',
    canceled: 'Canceled',
  },
  dateRange: 'Date range',
} as const;

/** Transactions screen additions (ours, beyond spec §2): the CSV export and the detail drawer. */
export const UI_TRANSACTION_DETAILS = {
  exportCsv: 'Export CSV',
  title: 'Transaction details',
  /** Instead of Retry when the transaction is not there (a 404 or a malformed id): closes the drawer. */
  backToList: 'Back to the list',
  fields: {
    id: 'Transaction ID',
    reference: 'Reference',
    date: 'Date',
    status: 'Status',
    type: 'Type',
    amount: 'Amount',
    fee: 'Fee',
    currency: 'Currency',
    paymentMethod: 'Payment Method',
    customerFirstName: 'Customer First Name',
    customerLastName: 'Customer Last Name',
    customerPhone: 'Customer Phone Number',
    merchant: 'Merchant',
    /** Ours: who decided a payout request, and when. */
    approvedBy: 'Approved by',
    rejectedBy: 'Rejected by',
    /** Ours: the postings this transaction caused, on the Journal Entry screen. */
    ledger: 'Ledger',
  },
  viewJournalEntries: 'View journal entries',
  /** A decision recorded without a person (the seed's history). */
  notRecorded: 'Not recorded',
} as const;

/** Issue 22: refunds and chargebacks in the transaction drawer. */
export const UI_MONEY_FLOWS = {
  section: 'Refunds and chargebacks',
  refunded: 'Refunded',
  balance: 'Balance',
  disputed: 'Held by open chargebacks',
  chargedBack: 'Charged back',
  refundable: 'Can still be refunded',
  refundOf: 'Refund of',
  refunds: 'Refunds',
  noRefunds: 'Nothing refunded',
  refund: 'Refund',
  refundTitle: 'Refund this payment',
  openChargeback: 'Open chargeback',
  chargebackTitle: 'Open a chargeback',
  fields: {
    amount: 'Amount',
    reason: 'Reason',
    responseDue: 'Response due',
  },
  submitRefund: 'Refund',
  submitChargeback: 'Open chargeback',
  cancel: 'Cancel',
  loadFailed: 'The refunds could not be loaded',
  by: (name: string) => `by ${name}`,
} as const;
