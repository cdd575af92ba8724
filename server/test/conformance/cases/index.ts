import { OPERATIONS } from '@contract/operations/registry';
import type { ResourceCases } from '../case';
import { accountMappingCases } from './account-mappings';
import { authCases } from './auth';
import { changeHistoryCases } from './change-history';
import { chargeCases } from './charges';
import { currencyCases } from './currencies';
import { dashboardCases } from './dashboard';
import { fileCases } from './files';
import { gatewayAccountCases } from './gateway-accounts';
import { glAccountCases } from './gl-accounts';
import { malformedInputCases } from './helpers';
import { journalEntryCases } from './journal-entries';
import { merchantCases } from './merchants';
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
  merchantCases,
  transactionCases,
  dashboardCases,
  changeHistoryCases,
  staffCases,
  fileCases,
  serviceCases,
  /** Every operation's refusal of malformed input (bodies of the wrong kind, control characters). */
  { resource: 'malformed-input', cases: malformedInputCases(OPERATIONS) },
];
