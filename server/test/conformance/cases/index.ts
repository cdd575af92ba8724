import { OPERATIONS } from '@contract/operations/registry';
import type { ResourceCases } from '../case';
import { accountCases } from './account';
import { accountMappingCases } from './account-mappings';
import { apiClientCases } from './api-clients';
import { approvalCases } from './approvals';
import { auditLogCases } from './audit-log';
import { authCases } from './auth';
import { bookCases } from './books';
import { changeHistoryCases } from './change-history';
import { chargeCases } from './charges';
import { currencyCases } from './currencies';
import { dashboardCases } from './dashboard';
import { fileCases } from './files';
import { gatewayAccountCases } from './gateway-accounts';
import { glAccountCases } from './gl-accounts';
import { malformedInputCases } from './helpers';
import { journalEntryCases } from './journal-entries';
import { listViewCases } from './list-views';
import { merchantCases } from './merchants';
import { moneyFlowCases } from './money-flows';
import { paymentMethodCases } from './payment-methods';
import { serviceCases } from './service';
import { staffCases } from './staff';
import { transactionLimitCases } from './transaction-limits';
import { transactionCases } from './transactions';

/** Every resource's cases, in the order they run. */
export const ALL_CASES: readonly ResourceCases[] = [
  authCases,
  paymentMethodCases,
  transactionLimitCases,
  gatewayAccountCases,
  currencyCases,
  chargeCases,
  glAccountCases,
  accountMappingCases,
  journalEntryCases,
  bookCases,
  merchantCases,
  transactionCases,
  moneyFlowCases,
  dashboardCases,
  changeHistoryCases,
  staffCases,
  auditLogCases,
  apiClientCases,
  accountCases,
  approvalCases,
  listViewCases,
  fileCases,
  serviceCases,
  /** Every operation's refusal of malformed input (bodies of the wrong kind, control characters). */
  { resource: 'malformed-input', cases: malformedInputCases(OPERATIONS) },
];
