/**
 * The one table of API operations the OpenAPI document is built from (document.ts derives paths,
 * parameters, security, error answers and components from it). Adding an endpoint is one entry
 * here; the test fails for a mounted route without one. Texts follow docs/api.md.
 */

import {
  accountMappingListQuerySchema,
  accountMappingPayloadSchema,
  accountMappingSchema,
} from '@contract/account-mapping';
import { loginPayloadSchema, logoutResponseSchema, sessionSchema } from '@contract/auth';
import { changeEventSchema, changeHistoryQuerySchema } from '@contract/change-history';
import { chargeListQuerySchema, chargePayloadSchema, chargeSchema } from '@contract/charge';
import { currencyListQuerySchema, currencyPayloadSchema, currencySchema } from '@contract/currency';
import { dashboardQuerySchema, dashboardSummarySchema } from '@contract/dashboard';
import { pagedSchema } from '@contract/envelope';
import { activationCommandQuerySchema } from '@contract/fields';
import {
  gatewayAccountCommandBodySchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountListQuerySchema,
  gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import { glAccountListQuerySchema, glAccountPayloadSchema, glAccountSchema } from '@contract/gl-account';
import {
  journalEntryListQuerySchema,
  journalEntrySchema,
  journalEntryTotalsSchema,
} from '@contract/journal-entry';
import {
  merchantAccountsSchema,
  merchantCommandQuerySchema,
  merchantDetailSchema,
  merchantListQuerySchema,
  merchantSchema,
} from '@contract/merchant';
import {
  paymentMethodListQuerySchema,
  paymentMethodPayloadSchema,
  paymentMethodSchema,
} from '@contract/payment-method';
import { PERMISSIONS, type Permission } from '@contract/permissions';
import {
  merchantTransactionListQuerySchema,
  payoutCommandQuerySchema,
  transactionDetailSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSchema,
} from '@contract/transaction';
import {
  transactionLimitListSchema,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from '@contract/transaction-limit';
import * as v from 'valibot';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An answer that is not the JSON envelope (files, the JWKS, this documentation). */
export interface RawResponse {
  readonly contentType: string;
  readonly description: string;
  /** A JSON Schema for JSON bodies; omitted for bytes and HTML. */
  readonly schema?: Readonly<Record<string, unknown>>;
}

export interface OperationSpec {
  readonly method: HttpMethod;
  /** Relative to /api/v1, with `{id}` style parameters (`{path}` for a wildcard). */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** The permission `requirePermission` checks; absent on public operations and sign-in. */
  readonly permission?: Permission;
  /** Needs no bearer token (must agree with isPublicPath in server/auth/middleware.ts). */
  readonly public?: true;
  /** A list query or `?command=` schema: each entry becomes a query parameter. */
  readonly query?: v.GenericSchema;
  readonly body?: {
    readonly schema: v.GenericSchema;
    readonly form?: true;
    readonly optional?: true;
  };
  /** The envelope's `data` (default status 200), or a raw answer. */
  readonly response: { readonly status?: 200 | 201; readonly data: v.GenericSchema } | RawResponse;
  /** Status -> when it happens, beyond the 400/401/403/404 derived from the entry. */
  readonly errors?: Readonly<Partial<Record<403 | 409 | 429 | 503, string>>>;
}

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

const healthSchema = v.object({
  ok: v.literal(true),
  database: v.picklist(['pglite', 'postgres', 'unknown']),
});

const LIST =
  'Newest first (`created_at` descending, then `id`); a page beyond the end answers an empty `contents`.';
const COMMAND =
  'One conditional update; a method already in the target status is refused with 409 and nothing changes.';
const P = PERMISSIONS;
/** The three lists the Add Account Mapping modal loads (server/auth/middleware.ts requireAnyPermission). */
const MAPPING_DROPDOWN =
  'Also answered to holders of `create-account-mapping` on `account-mapping` instead of the permission below: ' +
  'the account mapping modal fills its dropdowns from this list.';

export const OPERATIONS: readonly OperationSpec[] = [
  // Authentication and service
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Authentication',
    summary: 'Sign in',
    description:
      'Form-encoded `username` (the e-mail, case-insensitive) and `password`; any other content type is 400. ' +
      'A wrong password and an unknown e-mail answer the same 401. Failed sign-ins are rate limited per username ' +
      'and client address (5 in 15 minutes) and per address (20); past the limit: 429 with `Retry-After`.',
    public: true,
    body: { schema: loginPayloadSchema, form: true },
    response: { data: sessionSchema },
    errors: { 429: 'Too many failed sign-ins; `Retry-After` gives the seconds to wait.' },
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'Authentication',
    summary: 'Sign out this token',
    description:
      'Ours: the bearer token is refused from now until it would have expired (401 `This session was signed ' +
      "out. Sign in again.`), by every process of the deployment within seconds; the user's other sessions are " +
      'untouched. Any valid token may sign itself out; a token without `jti` cannot (400). Answers `data: null`.',
    response: { data: logoutResponseSchema },
  },
  {
    method: 'get',
    path: '/auth/jwks',
    tag: 'Authentication',
    summary: 'Token signing keys (JWKS)',
    description: 'The public key as a JSON Web Key Set, not enveloped, cacheable for 5 minutes.',
    public: true,
    response: {
      contentType: 'application/json',
      description: 'A JSON Web Key Set (RFC 7517).',
      schema: {
        type: 'object',
        required: ['keys'],
        properties: { keys: { type: 'array', items: { type: 'object', required: ['kty', 'kid'] } } },
      },
    },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Health check',
    description: 'Runs `select 1` against the database.',
    public: true,
    response: { data: healthSchema },
    errors: { 503: 'The database does not answer.' },
  },
  // Merchants
  {
    method: 'get',
    path: '/merchants',
    tag: 'Merchants',
    summary: 'List merchants',
    description: `Paged; \`search_term\` is a case-insensitive *contains* over business name, merchant code, phone and e-mail. ${LIST}`,
    permission: P.viewMerchant,
    query: merchantListQuerySchema,
    response: { data: pagedSchema(merchantSchema) },
  },
  {
    method: 'get',
    path: '/merchants/{id}',
    tag: 'Merchants',
    summary: 'Get a merchant',
    description:
      'One merchant with its business detail, compliance and contact person, and `status_change`: its last ' +
      'status change through the API (from, to, when, by whom), null when there was none.',
    permission: P.viewMerchant,
    response: { data: merchantDetailSchema },
  },
  {
    method: 'get',
    path: '/merchants/{id}/accounts',
    tag: 'Merchants',
    summary: "List a merchant's accounts",
    description: '`{ is_empty, contents }`, newest first.',
    permission: P.viewMerchantAccount,
    response: { data: merchantAccountsSchema },
  },
  {
    method: 'patch',
    path: '/merchants/{id}',
    tag: 'Merchants',
    summary: 'Activate or deactivate a merchant',
    description:
      'No body. PENDING_VERIFICATION may be activated or deactivated, ACTIVE deactivated, INACTIVE activated; ' +
      'anything else is 409 and changes nothing. The change is recorded with the caller as who made it. ' +
      'Answers the updated merchant with its `status_change`.',
    permission: P.changeStatusMerchant,
    query: merchantCommandQuerySchema,
    response: { data: merchantDetailSchema },
    errors: {
      409: 'The command does not apply to the merchant\'s status ("A PENDING merchant cannot be activated").',
    },
  },
  {
    method: 'get',
    path: '/merchants/{id}/transactions',
    tag: 'Merchants',
    summary: "List a merchant's transactions",
    description:
      'As `GET /transactions` for one merchant; an absent, empty or `all` status means pending, checked-out, ' +
      'failed and canceled. `is_empty` is true only when the merchant has no transactions at all.',
    permission: P.viewMerchant,
    query: merchantTransactionListQuerySchema,
    response: { data: transactionPageSchema },
  },
  // Files
  {
    method: 'get',
    path: '/files/logos/{path}',
    tag: 'Files',
    summary: 'Download a logo',
    description:
      'Public so `<img>` can load it; the stored bytes with their content type, cacheable for a day.',
    public: true,
    response: { contentType: '*/*', description: 'The stored file, as an attachment.' },
  },
  {
    method: 'get',
    path: '/files/documents/{path}',
    tag: 'Files',
    summary: 'Download a compliance document',
    description: 'The stored bytes with their content type; `Cache-Control: private, no-store`.',
    permission: P.viewMerchant,
    response: { contentType: '*/*', description: 'The stored file, as an attachment.' },
  },
  // Transactions and payouts
  {
    method: 'get',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'List transactions',
    description:
      '`status` and `types` are comma lists; `from`/`to` are whole UTC days, inclusive; search by `search_term` ' +
      '(reference, customer name or phone) or the exact `reference`, not both. `is_empty` is true when the scope ' +
      '(the merchant of `merchantId`, else the system) has no transactions at all. Newest first.',
    permission: P.viewTransactions,
    query: transactionListQuerySchema,
    response: { data: transactionPageSchema },
  },
  {
    method: 'get',
    path: '/transactions/export',
    tag: 'Transactions',
    summary: 'Export transactions as CSV',
    description:
      'Every transaction the filters of `GET /transactions` select (`page` and `limit` are ignored), newest first, ' +
      'streamed as RFC 4180 CSV (CRLF lines, a header line) and sent as an attachment named ' +
      '`transactions-<day>.csv` or `transactions-<from>-to-<to>.csv`. Money is the exact decimal string; a cell ' +
      "starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` (CSV injection). Bad filters: 400 naming " +
      'the field, before any byte of CSV is sent.',
    permission: P.viewTransactions,
    query: transactionExportQuerySchema,
    response: { contentType: 'text/csv', description: 'The CSV file, as an attachment.' },
  },
  {
    method: 'get',
    path: '/transactions/{id}',
    tag: 'Transactions',
    summary: 'Get a transaction',
    description:
      'One transaction, as in the list, with `decision`: who approved or rejected a payout request and when ' +
      "(null for any other transaction; `by` null when no person was recorded). The console's detail drawer.",
    permission: P.viewTransactions,
    response: { data: transactionDetailSchema },
  },
  {
    method: 'post',
    path: '/payout/transactions/{id}',
    tag: 'Payouts',
    summary: 'Approve or reject a payout',
    description:
      'No body. Only a `PAY_OUT` transaction can be decided: approve → SUCCESS, reject → CANCELED, with the ' +
      'journal and gateway balance change in one database transaction; an approval never takes the gateway ' +
      'account below zero. The decision journal records the caller as its poster. Answers the updated ' +
      'transaction with its `decision`.',
    permission: P.changePayoutStatus,
    query: payoutCommandQuerySchema,
    response: { data: transactionDetailSchema },
    errors: {
      409:
        'Not a pending payout, a posting has no account mapping, or (approve) the gateway account cannot ' +
        'cover the amount; nothing is written.',
    },
  },
  // Payment methods and their limits
  {
    method: 'get',
    path: '/payment-methods',
    tag: 'Payment methods',
    summary: 'List payment methods',
    description: `\`search_term\`: case-insensitive *contains* over name and code. ${LIST} ${MAPPING_DROPDOWN}`,
    permission: P.viewPaymentMethod,
    query: paymentMethodListQuerySchema,
    response: { data: pagedSchema(paymentMethodSchema) },
  },
  {
    method: 'get',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Get a payment method',
    description: 'One payment method.',
    permission: P.viewPaymentMethod,
    response: { data: paymentMethodSchema },
  },
  {
    method: 'get',
    path: '/payment-methods/{id}/transaction-limits',
    tag: 'Transaction limits',
    summary: "List a payment method's transaction limits",
    description: 'A plain array (not paged), in the order the limits were added.',
    permission: P.viewPaymentMethod,
    response: { data: transactionLimitListSchema },
  },
  {
    method: 'post',
    path: '/payment-methods',
    tag: 'Payment methods',
    summary: 'Create a payment method',
    description:
      'Every `supported_currencies` code must be an existing currency; `code` is unique. A new method is ACTIVE.',
    permission: P.createPaymentMethod,
    body: { schema: paymentMethodPayloadSchema },
    response: { status: 201, data: paymentMethodSchema },
    errors: { 409: 'A payment method with this code already exists.' },
  },
  {
    method: 'put',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Update a payment method',
    description: 'Replaces every field but `status`.',
    permission: P.updatePaymentMethod,
    body: { schema: paymentMethodPayloadSchema },
    response: { data: paymentMethodSchema },
    errors: { 409: 'A payment method with this code already exists.' },
  },
  {
    method: 'post',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Activate or deactivate a payment method',
    description: COMMAND,
    permission: P.changeStatusPaymentMethod,
    query: activationCommandQuerySchema,
    response: { data: paymentMethodSchema },
    errors: { 409: 'Already in the target status.' },
  },
  {
    method: 'post',
    path: '/transaction-limits',
    tag: 'Transaction limits',
    summary: 'Create a transaction limit',
    description:
      'Whole amounts, `max_amount` above `min_amount`. Two ACTIVE limits of one method and interval may not ' +
      'have intersecting ranges. A new limit is ACTIVE.',
    permission: P.updatePaymentMethod,
    body: { schema: transactionLimitPayloadSchema },
    response: { status: 201, data: transactionLimitListSchema.item },
    errors: { 409: 'An active limit of the same interval already covers part of the range.' },
  },
  {
    method: 'put',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Update a transaction limit',
    description: 'Amounts and interval; the limit keeps its payment method and status.',
    permission: P.updatePaymentMethod,
    body: { schema: transactionLimitUpdatePayloadSchema },
    response: { data: transactionLimitListSchema.item },
    errors: { 409: 'An active limit of the same interval already covers part of the range.' },
  },
  {
    method: 'delete',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Delete a transaction limit',
    description: 'Answers the deleted limit.',
    permission: P.updatePaymentMethod,
    response: { data: transactionLimitListSchema.item },
  },
  {
    method: 'post',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Activate or deactivate a transaction limit',
    description: `${COMMAND} Activation checks the overlap rule again.`,
    permission: P.updatePaymentMethod,
    query: activationCommandQuerySchema,
    response: { data: transactionLimitListSchema.item },
    errors: { 409: 'Already in the target status, or activation would overlap an active limit.' },
  },
  // Currencies
  {
    method: 'get',
    path: '/currencies',
    tag: 'Currencies',
    summary: 'List currencies',
    description: `\`search_term\`: case-insensitive *contains* over name and name code. ${LIST}`,
    permission: P.viewCurrency,
    query: currencyListQuerySchema,
    response: { data: pagedSchema(currencySchema) },
  },
  {
    method: 'get',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Get a currency',
    description: 'One currency.',
    permission: P.viewCurrency,
    response: { data: currencySchema },
  },
  {
    method: 'post',
    path: '/currencies',
    tag: 'Currencies',
    summary: 'Create a currency',
    description: '`name_code` is upper-cased and unique.',
    permission: P.updateCurrency,
    body: { schema: currencyPayloadSchema },
    response: { status: 201, data: currencySchema },
    errors: { 409: 'A currency with this name code already exists.' },
  },
  {
    method: 'put',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Update a currency',
    description: "Replaces every field; a renamed `name_code` is renamed in every payment method's list.",
    permission: P.updateCurrency,
    body: { schema: currencyPayloadSchema },
    response: { data: currencySchema },
    errors: { 409: 'A currency with this name code already exists.' },
  },
  {
    method: 'delete',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Delete a currency',
    description: 'Answers the deleted currency.',
    permission: P.deleteCurrency,
    response: { data: currencySchema },
    errors: { 409: 'The currency is still used by charges, payment methods or transactions.' },
  },
  // Charges
  {
    method: 'get',
    path: '/charges',
    tag: 'Charges',
    summary: 'List charges',
    description: `Optionally one currency's charges (\`currency_id\`). Always paged. ${LIST} ${MAPPING_DROPDOWN}`,
    permission: P.viewCharge,
    query: chargeListQuerySchema,
    response: { data: pagedSchema(chargeSchema) },
  },
  {
    method: 'get',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Get a charge',
    description: 'One charge with its ranges and currency.',
    permission: P.viewCharge,
    response: { data: chargeSchema },
  },
  {
    method: 'post',
    path: '/charges',
    tag: 'Charges',
    summary: 'Create a charge',
    description:
      'A ranged charge needs at least one range, in order without overlap; a percentage is at most 100. ' +
      '`fee_on_date` defaults to today (UTC).',
    permission: P.createCharge,
    body: { schema: chargePayloadSchema },
    response: { status: 201, data: chargeSchema },
  },
  {
    method: 'put',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Update a charge',
    description: 'Replaces every field and all ranges.',
    permission: P.updateCharge,
    body: { schema: chargePayloadSchema },
    response: { data: chargeSchema },
  },
  {
    method: 'delete',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Delete a charge',
    description: 'Answers the deleted charge; its ranges go with it.',
    permission: P.deleteCharge,
    response: { data: chargeSchema },
    errors: { 409: 'The charge is used by account mappings.' },
  },
  // GL accounts
  {
    method: 'get',
    path: '/gl-accounts',
    tag: 'GL accounts',
    summary: 'List GL accounts',
    description: `\`search_term\`: case-insensitive *contains* over name and description. ${LIST} ${MAPPING_DROPDOWN}`,
    permission: P.viewGlAccount,
    query: glAccountListQuerySchema,
    response: { data: pagedSchema(glAccountSchema) },
  },
  {
    method: 'get',
    path: '/gl-accounts/{id}',
    tag: 'GL accounts',
    summary: 'Get a GL account',
    description: 'One GL account.',
    permission: P.viewGlAccount,
    response: { data: glAccountSchema },
  },
  {
    method: 'post',
    path: '/gl-accounts',
    tag: 'GL accounts',
    summary: 'Create a GL account',
    description: 'Names are unique. A new account is ACTIVE; a sent `id` or `status` is ignored.',
    permission: P.createGlAccount,
    body: { schema: glAccountPayloadSchema },
    response: { status: 201, data: glAccountSchema },
    errors: { 409: 'A GL account with this name already exists.' },
  },
  {
    method: 'put',
    path: '/gl-accounts/{id}',
    tag: 'GL accounts',
    summary: 'Update a GL account',
    description:
      "Replaces name, type, manual journal flag and description. A body `id` other than the path's is 400.",
    permission: P.updateGlAccount,
    body: { schema: glAccountPayloadSchema },
    response: { data: glAccountSchema },
    errors: { 409: 'Duplicate name, or a type change of an account with journal entries.' },
  },
  // Account mappings
  {
    method: 'get',
    path: '/account-mappings',
    tag: 'Account mappings',
    summary: 'List account mappings',
    description:
      '`search_term`: *contains* over GL account name, payment method name and financial account type; `status` ' +
      `is validated and ignored. ${LIST}`,
    permission: P.viewAccountMapping,
    query: accountMappingListQuerySchema,
    response: { data: pagedSchema(accountMappingSchema) },
  },
  {
    method: 'get',
    path: '/account-mappings/{id}',
    tag: 'Account mappings',
    summary: 'Get an account mapping',
    description: 'One account mapping.',
    permission: P.viewAccountMapping,
    response: { data: accountMappingSchema },
  },
  {
    method: 'post',
    path: '/account-mappings',
    tag: 'Account mappings',
    summary: 'Create account mappings',
    description:
      'A JSON array of 1 to 100 mappings, all or nothing: one bad item refuses the whole array, with errors as ' +
      '`[index].field: message`. Answers the created mappings in the order sent.',
    permission: P.createAccountMapping,
    body: { schema: accountMappingPayloadSchema },
    response: { status: 201, data: v.array(accountMappingSchema) },
  },
  // Journal entries
  {
    method: 'get',
    path: '/journal-entries',
    tag: 'Journal entries',
    summary: 'List journal entries',
    description: `\`search_term\`: *contains* over GL account name, description and transaction reference. ${LIST}`,
    permission: P.viewJournalEntry,
    query: journalEntryListQuerySchema,
    response: { data: pagedSchema(journalEntrySchema) },
  },
  {
    method: 'get',
    path: '/journal-entries/totals',
    tag: 'Journal entries',
    summary: 'Debit and credit totals per currency',
    description:
      'Sums over every entry the list query matches (all pages); `page` and `limit` are ignored. One line per ' +
      "currency of the posting's transaction (by `name_code`; manual postings, with no currency, last), never " +
      'added across currencies; `balanced` compares the two sums in numeric. Nothing matched: no lines.',
    permission: P.viewJournalEntry,
    query: journalEntryListQuerySchema,
    response: { data: journalEntryTotalsSchema },
  },
  {
    method: 'get',
    path: '/journal-entries/{id}',
    tag: 'Journal entries',
    summary: 'Get a journal entry',
    description: 'One entry.',
    permission: P.viewJournalEntry,
    response: { data: journalEntrySchema },
  },
  // Gateway accounts
  {
    method: 'get',
    path: '/gateway-accounts',
    tag: 'Gateway accounts',
    summary: 'List gateway accounts',
    description: `\`search_term\`: *contains* over code, account number, routing code and payment method name. ${LIST}`,
    permission: P.viewGatewayAccount,
    query: gatewayAccountListQuerySchema,
    response: { data: pagedSchema(gatewayAccountSchema) },
  },
  {
    method: 'get',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Get a gateway account',
    description: 'One gateway account.',
    permission: P.viewGatewayAccount,
    response: { data: gatewayAccountSchema },
  },
  {
    method: 'post',
    path: '/gateway-accounts',
    tag: 'Gateway accounts',
    summary: 'Create a gateway account',
    description:
      "The account number must have the payment method's `account_number_length` digits; `code` is unique. " +
      'The balance starts at 0 and is never taken from a request.',
    permission: P.createGatewayAccount,
    body: { schema: gatewayAccountCreatePayloadSchema },
    response: { status: 201, data: gatewayAccountSchema },
    errors: { 409: 'A gateway account with this code already exists.' },
  },
  {
    method: 'put',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Update a gateway account',
    description: 'The same fields; balance and status are left alone.',
    permission: P.updateGatewayAccount,
    body: { schema: gatewayAccountUpdatePayloadSchema },
    response: { data: gatewayAccountSchema },
    errors: { 409: 'A gateway account with this code already exists.' },
  },
  {
    method: 'post',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Activate or deactivate a gateway account',
    description: `${COMMAND} The optional body \`{ "isActive": … }\` is accepted and ignored.`,
    permission: P.updateGatewayAccount,
    query: activationCommandQuerySchema,
    body: { schema: gatewayAccountCommandBodySchema, optional: true },
    response: { data: gatewayAccountSchema },
    errors: { 409: 'Already in the target status.' },
  },
  // Dashboard
  {
    method: 'get',
    path: '/dashboard/summary',
    tag: 'Dashboard',
    summary: 'Dashboard summary',
    description:
      '`from`/`to` are whole UTC days, inclusive; by default the last 30 days. Sums per currency, never across ' +
      'currencies. The answer carries the range used. `pending_payouts` is null unless the caller also holds ' +
      '`view-transactions` on `transaction`, `merchants_by_status` null unless they hold `view-merchant` on `merchant`.',
    permission: P.dashboard,
    query: dashboardQuerySchema,
    response: { data: dashboardSummarySchema },
  },
  // Change history (ours)
  {
    method: 'get',
    path: '/change-history',
    tag: 'Change history',
    summary: "A catalogue record's change history",
    description:
      'Who created, edited, activated, deactivated or deleted a payment method, transaction limit, currency, ' +
      'charge, gateway account, GL account or account mapping, when, and each changed field before and after; ' +
      "newest first. A payment method's history includes its transaction limits; a currency's includes its " +
      'charges for callers who also hold `view-charge` on `charges`. The permission is the one that reads the ' +
      'subject: `view-payment-method` on `payment-method` (payment_method, transaction_limit), `view-currency` ' +
      'on `currency`, `view-charge` on `charges`, `view-gateway-account` on `gateway-account`, `view-gl-account` ' +
      "on `gl-account`, `view-account-mapping` on `account-mapping`, `view-merchant` on `merchant` (a merchant's " +
      'history is its status changes). The history of a deleted record stays readable.',
    query: changeHistoryQuerySchema,
    response: { data: pagedSchema(changeEventSchema) },
    errors: { 403: 'The token lacks the permission that reads the subject.' },
  },
  // This documentation
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Documentation',
    summary: 'This OpenAPI document',
    description: 'OpenAPI 3.1, generated from the contract schemas.',
    public: true,
    response: {
      contentType: 'application/json',
      description: 'The OpenAPI document.',
      schema: { type: 'object' },
    },
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Documentation',
    summary: 'Browsable API documentation',
    description: 'An HTML page generated from the OpenAPI document.',
    public: true,
    response: { contentType: 'text/html', description: 'The documentation page.' },
  },
];
