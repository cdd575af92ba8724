/**
 * The console's app-wide texts: the spec §8 toast catalogue (HTTP error mapping, other errors,
 * success messages) and the empty-field dash. Screen copy lives beside its screen
 * (src/features/<x>/copy.ts); the texts the server and the mocks send are in contract/messages.ts.
 */

/** Spec §8 HTTP error mapping. 400, 409 and 401 show the server's own message. */
export const HTTP_ERRORS = {
  network: 'Cannot connect to server',
  server: 'Server error. Try again later',
  created: 'You are not authenticated',
  unknown: 'Something unplanned has happen. We will figure it out soon',
} as const;

/** Spec §8 other error texts. */
export const ERRORS = {
  download: 'Failed to download file. Please try again.',
  addTransactionLimit: 'Failed to add transaction limit',
  activate: 'Failed to activate',
  deactivate: 'Failed to deactivate',
  invalidToken: 'Invalid token',
} as const;

/** Spec §8 success messages. */
export const SUCCESS = {
  merchantActivated: 'Merchant activated successfully',
  merchantDeactivated: 'Merchant deactivated successfully',
  paymentMethodAdded: 'Payment method successfully added',
  paymentMethodUpdated: 'successfully updated',
  activated: 'Successfully Activated',
  deactivated: 'Successfully Deactivated',
  currencyAdded: 'Currency Added Successfully',
  currencyUpdated: 'Currency Updated Successfully',
  currencyDeleted: 'Currency Deleted',
  chargeAdded: 'Charge Added Successfully',
  chargeUpdated: 'Charge updated Successfully',
  chargeDeleted: 'Successfully Deleted Charge',
  gatewayAccountAdded: 'Gateway account added successfully',
  gatewayAccountUpdated: 'Account successfully updated',
  transactionLimitAdded: 'Transaction limit added successfully',
  transactionLimitUpdated: 'Transaction limit updated successfully',
  transactionLimitDeleted: 'Transaction Limit Successfully Deleted',
  glAccountAdded: 'Gl account added successfully',
  glAccountUpdated: 'GL account successfully updated',
  accountMappingAdded: 'Account mapping added successfully',
  payoutApproved: 'Successfully Approved',
  payoutRejected: 'Successfully Rejected',
  transactionCodeCopied: 'Transaction code copied to clipboard',
} as const;

/** The spec's '---' for an empty field. */
export const EMPTY = '---';
