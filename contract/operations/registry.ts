/**
 * Every operation of the API, in the order the OpenAPI document lists them and the server and the
 * mocks register them (a static path such as `/transactions/export` before `/transactions/{id}`).
 */

import { accountMappingOperations } from './account-mappings';
import { authOperations } from './auth';
import { changeHistoryOperations } from './change-history';
import { chargeOperations } from './charges';
import { currencyOperations } from './currencies';
import { dashboardOperations } from './dashboard';
import type { Operation } from './define';
import { fileOperations } from './files';
import { gatewayAccountOperations } from './gateway-accounts';
import { glAccountOperations } from './gl-accounts';
import { journalEntryOperations } from './journal-entries';
import { merchantOperations } from './merchants';
import { paymentMethodOperations } from './payment-methods';
import { payoutOperations } from './payouts';
import { roleOperations } from './roles';
import { serviceOperations } from './service';
import { transactionLimitOperations } from './transaction-limits';
import { transactionOperations } from './transactions';
import { userOperations } from './users';

export const OPERATIONS: readonly Operation[] = [
  authOperations.login,
  authOperations.logout,
  userOperations.changeOwnPassword,
  authOperations.jwks,
  serviceOperations.health,
  serviceOperations.live,
  serviceOperations.ready,
  merchantOperations.list,
  merchantOperations.detail,
  merchantOperations.accounts,
  merchantOperations.command,
  merchantOperations.transactions,
  fileOperations.logo,
  fileOperations.document,
  transactionOperations.list,
  transactionOperations.export,
  transactionOperations.detail,
  payoutOperations.decide,
  paymentMethodOperations.list,
  paymentMethodOperations.detail,
  paymentMethodOperations.limits,
  paymentMethodOperations.create,
  paymentMethodOperations.update,
  paymentMethodOperations.command,
  transactionLimitOperations.create,
  transactionLimitOperations.update,
  transactionLimitOperations.remove,
  transactionLimitOperations.command,
  currencyOperations.list,
  currencyOperations.detail,
  currencyOperations.create,
  currencyOperations.update,
  currencyOperations.remove,
  chargeOperations.list,
  chargeOperations.detail,
  chargeOperations.create,
  chargeOperations.update,
  chargeOperations.remove,
  glAccountOperations.list,
  glAccountOperations.detail,
  glAccountOperations.create,
  glAccountOperations.update,
  accountMappingOperations.list,
  accountMappingOperations.detail,
  accountMappingOperations.create,
  journalEntryOperations.list,
  journalEntryOperations.totals,
  journalEntryOperations.detail,
  gatewayAccountOperations.list,
  gatewayAccountOperations.detail,
  gatewayAccountOperations.create,
  gatewayAccountOperations.update,
  gatewayAccountOperations.command,
  dashboardOperations.summary,
  dashboardOperations.waiting,
  changeHistoryOperations.list,
  userOperations.list,
  userOperations.detail,
  userOperations.create,
  userOperations.update,
  userOperations.command,
  userOperations.resetPassword,
  roleOperations.list,
  roleOperations.detail,
  roleOperations.create,
  roleOperations.update,
  roleOperations.remove,
  serviceOperations.openApiDocument,
  serviceOperations.docsPage,
];
