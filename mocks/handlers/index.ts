import { accountMappingHandlers } from './account-mappings';
import { authHandlers } from './auth';
import { changeHistoryHandlers } from './change-history';
import { chargeHandlers } from './charges';
import { currencyHandlers } from './currencies';
import { dashboardHandlers } from './dashboard';
import { fileHandlers } from './files';
import { gatewayAccountHandlers } from './gateway-accounts';
import { glAccountHandlers } from './gl-accounts';
import { journalEntryHandlers } from './journal-entries';
import { merchantHandlers } from './merchants';
import { paymentMethodHandlers } from './payment-methods';
import { roleHandlers } from './roles';
import { serviceHandlers } from './service';
import { transactionLimitHandlers } from './transaction-limits';
import { transactionHandlers } from './transactions';
import { userHandlers } from './users';

/** Every resource's handlers; add each new resource here. */
export const handlers = [
  ...authHandlers,
  ...userHandlers,
  ...roleHandlers,
  ...merchantHandlers,
  ...fileHandlers,
  ...transactionHandlers,
  ...paymentMethodHandlers,
  ...transactionLimitHandlers,
  ...gatewayAccountHandlers,
  ...currencyHandlers,
  ...chargeHandlers,
  ...dashboardHandlers,
  ...glAccountHandlers,
  ...accountMappingHandlers,
  ...journalEntryHandlers,
  ...changeHistoryHandlers,
  ...serviceHandlers,
];
