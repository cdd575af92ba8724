/**
 * The schemas the OpenAPI document registers under `components.schemas` and refers to wherever they
 * appear: entities (answers) and payloads (request bodies, described as sent).
 */
import { accountMappingPayloadSchema, accountMappingSchema } from '@contract/account-mapping';
import { loginPayloadSchema, sessionSchema } from '@contract/auth';
import { changeEventSchema } from '@contract/change-history';
import { chargePayloadSchema, chargeSchema } from '@contract/charge';
import { currencyPayloadSchema, currencySchema } from '@contract/currency';
import { dashboardSummarySchema } from '@contract/dashboard';
import {
  gatewayAccountCreatePayloadSchema,
  gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import { glAccountPayloadSchema, glAccountSchema } from '@contract/gl-account';
import { journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { merchantAccountsSchema, merchantDetailSchema, merchantSchema } from '@contract/merchant';
import { paymentMethodPayloadSchema, paymentMethodSchema } from '@contract/payment-method';
import { transactionDetailSchema, transactionPageSchema, transactionSchema } from '@contract/transaction';
import {
  transactionLimitListSchema,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from '@contract/transaction-limit';
import type * as v from 'valibot';

/** Entities registered under `components.schemas`, referenced wherever they appear. */
export const ENTITY_SCHEMAS = {
  Merchant: merchantSchema,
  MerchantDetail: merchantDetailSchema,
  MerchantAccounts: merchantAccountsSchema,
  Transaction: transactionSchema,
  TransactionDetail: transactionDetailSchema,
  TransactionPage: transactionPageSchema,
  PaymentMethod: paymentMethodSchema,
  TransactionLimit: transactionLimitListSchema.item,
  Currency: currencySchema,
  Charge: chargeSchema,
  GlAccount: glAccountSchema,
  AccountMapping: accountMappingSchema,
  JournalEntry: journalEntrySchema,
  JournalEntryTotals: journalEntryTotalsSchema,
  GatewayAccount: gatewayAccountSchema,
  DashboardSummary: dashboardSummarySchema,
  ChangeEvent: changeEventSchema,
  Session: sessionSchema,
} as const satisfies Record<string, v.GenericSchema>;

/** Request bodies, described as sent (before the contract's transforms). */
export const PAYLOAD_SCHEMAS = {
  LoginPayload: loginPayloadSchema,
  PaymentMethodPayload: paymentMethodPayloadSchema,
  TransactionLimitPayload: transactionLimitPayloadSchema,
  TransactionLimitUpdatePayload: transactionLimitUpdatePayloadSchema,
  CurrencyPayload: currencyPayloadSchema,
  ChargePayload: chargePayloadSchema,
  GlAccountPayload: glAccountPayloadSchema,
  AccountMappingPayload: accountMappingPayloadSchema,
  GatewayAccountCreatePayload: gatewayAccountCreatePayloadSchema,
  GatewayAccountUpdatePayload: gatewayAccountUpdatePayloadSchema,
} as const satisfies Record<string, v.GenericSchema>;
