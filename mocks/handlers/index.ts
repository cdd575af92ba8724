import { accountHandlers } from './account';
import { accountMappingHandlers } from './account-mappings';
import { apiClientHandlers } from './api-clients';
import { approvalHandlers } from './approvals';
import { auditLogHandlers } from './audit-log';
import { authHandlers } from './auth';
import { bookHandlers } from './books';
import { changeHistoryHandlers } from './change-history';
import { chargeHandlers } from './charges';
import { currencyHandlers } from './currencies';
import { dashboardHandlers } from './dashboard';
import { fileHandlers } from './files';
import { gatewayAccountHandlers } from './gateway-accounts';
import { glAccountHandlers } from './gl-accounts';
import { journalEntryHandlers } from './journal-entries';
import { listViewHandlers } from './list-views';
import { merchantTimelineHandlers } from './merchant-timeline';
import { merchantHandlers } from './merchants';
import { moneyFlowHandlers } from './money-flows';
import { paymentMethodHandlers } from './payment-methods';
import { payoutBulkHandlers } from './payout-bulk';
import { roleHandlers } from './roles';
import { serviceHandlers } from './service';
import { transactionLimitHandlers } from './transaction-limits';
import { transactionHandlers } from './transactions';
import { userHandlers } from './users';

/** Every resource's handlers; add each new resource here. */
export const handlers = [
  ...authHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...roleHandlers,
  ...auditLogHandlers,
  ...apiClientHandlers,
  ...merchantHandlers,
  ...merchantTimelineHandlers,
  ...fileHandlers,
  ...transactionHandlers,
  ...payoutBulkHandlers,
  ...moneyFlowHandlers,
  ...paymentMethodHandlers,
  ...transactionLimitHandlers,
  ...gatewayAccountHandlers,
  ...currencyHandlers,
  ...chargeHandlers,
  ...dashboardHandlers,
  ...glAccountHandlers,
  ...accountMappingHandlers,
  ...journalEntryHandlers,
  ...bookHandlers,
  ...changeHistoryHandlers,
  ...approvalHandlers,
  ...listViewHandlers,
  ...serviceHandlers,
];
