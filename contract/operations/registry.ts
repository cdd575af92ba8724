/**
 * Every operation of the API, in the order the OpenAPI document lists them and the server and the
 * mocks register them (a static path such as `/transactions/export` before `/transactions/{id}`).
 */

import { accountOperations } from './account';
import { accountMappingOperations } from './account-mappings';
import { apiClientOperations } from './api-clients';
import { approvalOperations } from './approvals';
import { auditLogOperations } from './audit-log';
import { authOperations } from './auth';
import { bookOperations } from './books';
import { changeHistoryOperations } from './change-history';
import { chargeOperations } from './charges';
import { currencyOperations } from './currencies';
import { dashboardOperations } from './dashboard';
import type { Operation } from './define';
import { fileOperations } from './files';
import { gatewayAccountOperations } from './gateway-accounts';
import { glAccountOperations } from './gl-accounts';
import { journalEntryOperations } from './journal-entries';
import { listViewOperations } from './list-views';
import { merchantOperations } from './merchants';
import { disputeOperations, liveEventOperations, refundOperations } from './money-flows';
import { paymentMethodOperations } from './payment-methods';
import { payoutOperations } from './payouts';
import { platformOperations } from './platform';
import { roleOperations } from './roles';
import { serviceOperations } from './service';
import { transactionLimitOperations } from './transaction-limits';
import { transactionOperations } from './transactions';
import { userOperations } from './users';

export const OPERATIONS: readonly Operation[] = [
  authOperations.login,
  authOperations.logout,
  authOperations.ssoSettings,
  authOperations.ssoToken,
  userOperations.changeOwnPassword,
  accountOperations.sessions,
  accountOperations.endOtherSessions,
  accountOperations.secondFactor,
  accountOperations.startEnrolment,
  accountOperations.confirmEnrolment,
  accountOperations.removeSecondFactor,
  accountOperations.verify,
  authOperations.jwks,
  serviceOperations.health,
  serviceOperations.live,
  serviceOperations.ready,
  merchantOperations.list,
  merchantOperations.detail,
  merchantOperations.accounts,
  merchantOperations.command,
  merchantOperations.transactions,
  merchantOperations.timeline,
  fileOperations.logo,
  fileOperations.document,
  transactionOperations.list,
  transactionOperations.export,
  transactionOperations.detail,
  refundOperations.ofTransaction,
  refundOperations.create,
  disputeOperations.list,
  disputeOperations.detail,
  disputeOperations.create,
  disputeOperations.decide,
  disputeOperations.platformOpen,
  liveEventOperations.stream,
  payoutOperations.decide,
  payoutOperations.bulkDecide,
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
  bookOperations.createJournal,
  bookOperations.journal,
  bookOperations.reverseJournal,
  bookOperations.periods,
  bookOperations.closePeriod,
  bookOperations.reopenPeriod,
  bookOperations.reportSubjects,
  bookOperations.reportMerchants,
  bookOperations.trialBalance,
  bookOperations.balanceSheet,
  bookOperations.incomeStatement,
  bookOperations.glAccountStatement,
  bookOperations.merchantSettlement,
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
  accountOperations.userSessions,
  accountOperations.endUserSessions,
  accountOperations.resetUserSecondFactor,
  roleOperations.list,
  roleOperations.detail,
  roleOperations.create,
  roleOperations.update,
  roleOperations.remove,
  auditLogOperations.list,
  auditLogOperations.export,
  apiClientOperations.list,
  apiClientOperations.create,
  apiClientOperations.revoke,
  platformOperations.createPayment,
  platformOperations.movePayment,
  platformOperations.requestPayout,
  accountOperations.roleSecondFactor,
  approvalOperations.rules,
  approvalOperations.updateRules,
  approvalOperations.list,
  approvalOperations.detail,
  approvalOperations.decide,
  listViewOperations.preference,
  listViewOperations.savePreference,
  listViewOperations.resetPreference,
  listViewOperations.list,
  listViewOperations.create,
  listViewOperations.detail,
  listViewOperations.update,
  listViewOperations.remove,
  serviceOperations.openApiDocument,
  serviceOperations.docsPage,
];
