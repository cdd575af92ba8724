/**
 * The database schema of the reference API (spec §3 entities). One schema serves PGlite and
 * PostgreSQL; drizzle-kit generates the SQL migrations in ./migrations from this file.
 *
 * Conventions, and why:
 * - Ids are UUIDs (`gen_random_uuid()` default; the seed supplies its own, deterministic ones).
 * - Money is `numeric(24,6)`: exact, read back as a decimal string, which is also the wire format.
 * - Enumerations are `text` + CHECK rather than pg enums: a bad filter value compared against a
 *   text column is simply "no rows" instead of an "invalid input value for enum" error, and adding
 *   a value is a one-line constraint change.
 * - Foreign keys refuse deleting a parent still referenced (a currency in use, a GL account with
 *   postings). They are NO ACTION rather than RESTRICT on purpose: NO ACTION fails with SQLSTATE
 *   23503 (foreign_key_violation), RESTRICT with 23001; one code lets the API map "in use" to 409
 *   in one place. Owned children CASCADE.
 * - Every list filter and search has an index; searches are `ILIKE '%term%'`, served by pg_trgm
 *   GIN indexes (the extension is created by the first migration).
 */

import { SESSION_STAGES } from '@contract/account';
import { FINANCIAL_ACCOUNT_TYPES } from '@contract/account-mapping';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@contract/approval';
import { AUDIT_OUTCOMES } from '@contract/audit-log';
import { CHANGE_ACTIONS, CHANGE_SUBJECTS, type FieldChange } from '@contract/change-history';
import { CHARGE_CALCULATION_METHODS, CHARGE_TIMES, CHARGE_TYPE } from '@contract/charge';
import { DISPUTE_OPENERS, DISPUTE_STATUSES } from '@contract/dispute';
import { ACTIVE_STATUSES } from '@contract/fields';
import { GL_ACCOUNT_TYPES } from '@contract/gl-account';
import { ENTRY_TYPES } from '@contract/journal-entry';
import { MERCHANT_ACCOUNT_STATUSES, MERCHANT_STATUSES } from '@contract/merchant';
import { PAYMENT_METHOD_TYPES } from '@contract/payment-method';
import { TRANSACTION_STATUSES } from '@contract/transaction';
import { LIMIT_INTERVALS } from '@contract/transaction-limit';
import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------
// Enumerations: the contract's value lists (the wire and the CHECK constraints must agree, so
// they are written once). Changing one is a schema change: run `npm run db:generate`.

export const MERCHANT_STATUS_VALUES = MERCHANT_STATUSES;
export const MERCHANT_ACCOUNT_STATUS_VALUES = MERCHANT_ACCOUNT_STATUSES;
export const PAYMENT_METHOD_TYPE_VALUES = PAYMENT_METHOD_TYPES;
/** Status of payment methods, transaction limits, gateway accounts and GL accounts. */
export const ACTIVE_STATUS_VALUES = ACTIVE_STATUSES;
export const LIMIT_INTERVAL_VALUES = LIMIT_INTERVALS;
export const CHARGE_TYPE_VALUES = [CHARGE_TYPE] as const;
export const CHARGE_TIME_VALUES = CHARGE_TIMES;
export const CHARGE_CALCULATION_VALUES = CHARGE_CALCULATION_METHODS;
export const TRANSACTION_STATUS_VALUES = TRANSACTION_STATUSES;
export const GL_ACCOUNT_TYPE_VALUES = GL_ACCOUNT_TYPES;
export const FINANCIAL_ACCOUNT_TYPE_VALUES = FINANCIAL_ACCOUNT_TYPES;
export const ENTRY_TYPE_VALUES = ENTRY_TYPES;

/** `column IN ('A', 'B')` for a CHECK constraint; values are our own constants, never user input. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

// ---------------------------------------------------------------------------------------------
// Column helpers

/** Exact money: numeric(24,6), read and written as a decimal string. */
const money = (name: string) => numeric(name, { precision: 24, scale: 6 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * bytea. pg hands back a Buffer, PGlite a Uint8Array; both are Uint8Array, which is the type we
 * expose. Written as a Buffer because node-postgres only serialises Buffers as binary.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => value,
});

/**
 * jsonb. Both drivers already parse jsonb into values; drizzle's own `jsonb` column then runs
 * `JSON.parse` again on every string it gets back, and a stored document path is a string that is
 * not JSON, so each read threw and caught an exception (about a tenth of the merchants list's CPU
 * in a profile). This column hands the driver's value through; writing still sends JSON text.
 */
function json<T>(name: string) {
  return customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => value as T,
  })(name);
}

/** A compliance document reference: one path, a list of paths, or none (spec §3). */
export type DocumentRef = string | string[] | null;

// ---------------------------------------------------------------------------------------------
// Users

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-case; sign-in lower-cases the username before looking it up. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    preferredUsername: text('preferred_username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** INACTIVE people cannot sign in; deactivating also signs out their sessions (decision 025). */
    status: text('status', { enum: ACTIVE_STATUS_VALUES }).notNull().default('ACTIVE'),
    /** Set by a one-time password (create, reset): sign-in then leads to choosing a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_status', oneOf('status', ACTIVE_STATUS_VALUES)),
    index('users_created_idx').on(t.createdAt),
  ],
);

/**
 * Roles: each a set of permission names (contract/permissions.ts). A token's `resource_access` is
 * the union of its person's roles' permissions, read at sign-in. A built-in role (`built_in` =
 * admin, support or finance) takes its permissions from the code (contract/roles.ts), not from
 * `permissions`, and cannot be changed or deleted.
 */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    builtIn: text('built_in').unique(),
    permissions: json<string[]>('permissions').notNull().default([]),
    /** Holders without a second factor must enrol one at their next sign-in (decision 029). */
    requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Who holds which role. Deleting a role someone holds is refused (NO ACTION: 409). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * Every token signed at sign-in, by its `jti`: what lets a deactivation or a role change sign a
 * person out everywhere through the revocation list (decisions 019 and 025).
 */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the account page shows of a session (decision 029): the browser and where from. */
    userAgent: text('user_agent'),
    address: text('address'),
    /** Written at most once a minute per session (server/auth/session-activity.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** A sign-in still halfway (a password to choose, a code to give or a factor to enrol), else null. */
    stage: text('stage', { enum: SESSION_STAGES }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.expiresAt),
    index('sessions_expires_idx').on(t.expiresAt),
    check('sessions_stage', sql`${t.stage} IS NULL OR ${oneOf('stage', SESSION_STAGES)}`),
  ],
);

/**
 * A person's TOTP second factor (decision 029): the shared secret (base32), readable by the server
 * because it must compute codes; unconfirmed until the person has given one code. `last_used_step`
 * is the 30-second step of the last code accepted, so a code is never accepted twice.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 digests (they are random, so a fast hash suffices). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * A person's identity at an OpenID provider (single sign-on, decision 032): the issuer and the
 * `sub` it gives them, found again at every sign-on however their e-mail changes there.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Files: compliance documents and logos live in the database so a PostgreSQL deployment needs no
// shared disk. `path` is what follows `/api/v1/files/`, e.g. `logos/M000001.svg`.

export const files = pgTable('files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Merchants. The business detail sits on the merchant row because the list shows and searches it
// (name, logo, phone, website, industry): no join on the hot path. `business_name IS NULL` means
// the merchant has no business detail (the API answers `business_detail: null`). Compliance and
// contact person are one-to-one tables read only by the detail screen.

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    merchantCode: text('merchant_code').notNull().unique(),
    status: text('status', { enum: MERCHANT_STATUS_VALUES }).notNull().default('PENDING'),
    businessName: text('business_name'),
    /** URL path of the logo, e.g. `/api/v1/files/logos/M000001.svg`, or null (initials shown). */
    logo: text('logo'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    website: text('website'),
    industry: text('industry'),
    industryCategory: text('industry_category'),
    employees: integer('employees'),
    transactionVolume: text('transaction_volume'),
    addressOne: text('address_one'),
    addressTwo: text('address_two'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_status_check', oneOf('status', MERCHANT_STATUS_VALUES)),
    check('merchants_employees_check', sql`${t.employees} >= 0`),
    // Lists order by newest first with id as the tie-breaker (`ORDER BY created_at DESC, id DESC`,
    // read as a backward scan of these ascending indexes); filtered by status or not.
    index('merchants_created_at_idx').on(t.createdAt, t.id),
    index('merchants_status_created_at_idx').on(t.status, t.createdAt, t.id),
    // Sorted by name or status (issue 24, migration 0025); the code's unique index serves its sort.
    index('merchants_business_name_sort_idx').on(t.businessName, t.id),
    index('merchants_status_sort_idx').on(t.status, t.id),
    // `search_term` matches name, code, phone or e-mail anywhere (ILIKE '%x%').
    index('merchants_business_name_trgm_idx').using('gin', t.businessName.op('gin_trgm_ops')),
    index('merchants_merchant_code_trgm_idx').using('gin', t.merchantCode.op('gin_trgm_ops')),
    index('merchants_phone_number_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('merchants_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/**
 * One-to-one with merchants. The compliance address is inline (`address_*`); the API answers
 * `address: null` when all five address columns are null.
 */
export const merchantCompliance = pgTable('merchant_compliance', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  businessName: text('business_name'),
  type: text('type'),
  tin: text('tin'),
  businessRegistrationNumber: text('business_registration_number'),
  /** URL path(s) under `/api/v1/files/documents/...`; jsonb because each may be one path or a list. */
  tinCertification: json<DocumentRef>('tin_certification'),
  tradeLicense: json<DocumentRef>('trade_license'),
  moa: json<DocumentRef>('moa'),
  addressState: text('address_state'),
  addressKebele: text('address_kebele'),
  addressCity: text('address_city'),
  addressHouseNumber: text('address_house_number'),
  addressWereda: text('address_wereda'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-to-one with merchants. */
export const merchantContactPersons = pgTable('merchant_contact_persons', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  address: text('address'),
  state: text('state'),
  /** The ID document type: Kebele ID, Passport, Driving License. */
  idType: text('id_type'),
  /** URL path of the ID document under `/api/v1/files/documents/...`. */
  document: text('document'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Currencies, payment methods, limits, charges, gateway accounts

export const currencies = pgTable(
  'currencies',
  {
    id: id(),
    name: text('name').notNull(),
    /** ISO-style code (ETB, USD); payment methods list these in `supported_currencies`. */
    nameCode: text('name_code').notNull().unique(),
    displaySymbol: text('display_symbol').notNull(),
    decimalPlaces: integer('decimal_places').notNull(),
    inMultiplesOf: money('in_multiples_of').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('currencies_decimal_places_check', sql`${t.decimalPlaces} >= 0`),
    check('currencies_in_multiples_of_check', sql`${t.inMultiplesOf} >= 0`),
    index('currencies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type', { enum: PAYMENT_METHOD_TYPE_VALUES }).notNull(),
    code: text('code').notNull().unique(),
    url: text('url').notNull(),
    logo: text('logo').notNull(),
    accountNumberLength: integer('account_number_length').notNull(),
    /**
     * Currency name codes. Not a foreign key (arrays cannot be), so a trigger from the first
     * migration refuses deleting a listed currency (23503) and follows a renamed name_code.
     */
    supportedCurrencies: text('supported_currencies').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ACTIVE_STATUS_VALUES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_methods_type_check', oneOf('type', PAYMENT_METHOD_TYPE_VALUES)),
    check('payment_methods_status_check', oneOf('status', ACTIVE_STATUS_VALUES)),
    check('payment_methods_account_number_length_check', sql`${t.accountNumberLength} > 0`),
    index('payment_methods_created_at_idx').on(t.createdAt, t.id),
    index('payment_methods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('payment_methods_supported_currencies_idx').using('gin', t.supportedCurrencies),
  ],
);

export const transactionLimits = pgTable(
  'transaction_limits',
  {
    id: id(),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    interval: text('interval', { enum: LIMIT_INTERVAL_VALUES }).notNull(),
    status: text('status', { enum: ACTIVE_STATUS_VALUES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transaction_limits_interval_check', oneOf('interval', LIMIT_INTERVAL_VALUES)),
    check('transaction_limits_status_check', oneOf('status', ACTIVE_STATUS_VALUES)),
    check('transaction_limits_amounts_check', sql`${t.minAmount} >= 0 AND ${t.maxAmount} > ${t.minAmount}`),
    index('transaction_limits_payment_method_idx').on(t.paymentMethodId, t.createdAt),
  ],
);

export const charges = pgTable(
  'charges',
  {
    id: id(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    chargeType: text('charge_type', { enum: CHARGE_TYPE_VALUES }).notNull().default('GATEWAY_CHARGE'),
    chargeTime: text('charge_time', { enum: CHARGE_TIME_VALUES }).notNull(),
    chargeCalculationMethod: text('charge_calculation_method', { enum: CHARGE_CALCULATION_VALUES }).notNull(),
    /** FLAT: the fee; PERCENT: the percentage (2.5 = 2.5 %). 0 when ranged (the ranges hold it). */
    amount: money('amount').notNull().default('0'),
    isRange: boolean('is_range').notNull().default(false),
    feeOnDate: date('fee_on_date'),
    feeInterval: text('fee_interval'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('charges_charge_type_check', oneOf('charge_type', CHARGE_TYPE_VALUES)),
    check('charges_charge_time_check', oneOf('charge_time', CHARGE_TIME_VALUES)),
    check('charges_calculation_check', oneOf('charge_calculation_method', CHARGE_CALCULATION_VALUES)),
    check('charges_amount_check', sql`${t.amount} >= 0`),
    index('charges_currency_idx').on(t.currencyId, t.createdAt),
    index('charges_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** The bands of a ranged charge, in `position` order (the console adds and removes at the end). */
export const chargeRanges = pgTable(
  'charge_ranges',
  {
    id: id(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    chargeAmount: money('charge_amount').notNull(),
  },
  (t) => [
    unique('charge_ranges_charge_position_key').on(t.chargeId, t.position),
    check(
      'charge_ranges_amounts_check',
      sql`${t.minAmount} >= 0 AND ${t.maxAmount} > ${t.minAmount} AND ${t.chargeAmount} >= 0`,
    ),
  ],
);

export const gatewayAccounts = pgTable(
  'gateway_accounts',
  {
    id: id(),
    code: text('code').notNull().unique(),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'no action' }),
    accountNumber: text('account_number').notNull(),
    routingCode: text('routing_code').notNull(),
    totalBalance: money('total_balance').notNull().default('0'),
    status: text('status', { enum: ACTIVE_STATUS_VALUES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gateway_accounts_status_check', oneOf('status', ACTIVE_STATUS_VALUES)),
    index('gateway_accounts_payment_method_idx').on(t.paymentMethodId),
    index('gateway_accounts_created_at_idx').on(t.createdAt, t.id),
    index('gateway_accounts_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    index('gateway_accounts_account_number_trgm_idx').using('gin', t.accountNumber.op('gin_trgm_ops')),
  ],
);

/** A merchant's settlement accounts (Banks Information tab). */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'no action' }),
    accountNumber: text('account_number').notNull(),
    status: text('status', { enum: MERCHANT_ACCOUNT_STATUS_VALUES }).notNull().default('Pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchant_accounts_status_check', oneOf('status', MERCHANT_ACCOUNT_STATUS_VALUES)),
    index('merchant_accounts_merchant_idx').on(t.merchantId, t.createdAt),
    index('merchant_accounts_payment_method_idx').on(t.paymentMethodId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Transactions. Seeded with the ledger in a later step; the schema is ready for it.

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    txnRef: text('txn_ref').notNull().unique(),
    transactionDate: timestamp('transaction_date', { withTimezone: true }).notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'no action' }),
    customerFirstName: text('customer_first_name'),
    customerLastName: text('customer_last_name'),
    customerPhoneNumber: text('customer_phone_number'),
    /**
     * "First Last", maintained by PostgreSQL, so one trigram index answers a search by first,
     * last or full name.
     */
    customerName: text('customer_name').generatedAlwaysAs(
      sql`btrim(coalesce(customer_first_name, '') || ' ' || coalesce(customer_last_name, ''))`,
    ),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /** e.g. PAYMENT, PAYOUT, TRANSFER, REFUND; the spec leaves the set open. */
    type: text('type').notNull(),
    status: text('status', { enum: TRANSACTION_STATUS_VALUES }).notNull(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'no action' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'no action' }),
    gatewayAccountId: uuid('gateway_account_id').references(() => gatewayAccounts.id, {
      onDelete: 'no action',
    }),
    /** The API client that reported the payment (issue 22); null for the seed's and staff's rows. */
    apiClientId: uuid('api_client_id').references(() => apiClients.id, { onDelete: 'no action' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transactions_status_check', oneOf('status', TRANSACTION_STATUS_VALUES)),
    check('transactions_amount_check', sql`${t.amount} >= 0 AND ${t.fee} >= 0`),
    // Keyset/offset lists: newest first, id as tie-breaker; by status (payouts = PAY_OUT); by merchant.
    index('transactions_date_idx').on(t.transactionDate, t.id),
    index('transactions_status_date_idx').on(t.status, t.transactionDate, t.id),
    index('transactions_merchant_date_idx').on(t.merchantId, t.transactionDate, t.id),
    // The merchant timeline's payout requests (decision 046, migration 0026).
    index('transactions_merchant_payout_date_idx')
      .on(t.merchantId, t.transactionDate, t.id)
      .where(sql`${t.type} = 'PAYOUT'`),
    index('transactions_currency_idx').on(t.currencyId),
    index('transactions_payment_method_idx').on(t.paymentMethodId),
    index('transactions_gateway_account_idx').on(t.gatewayAccountId),
    index('transactions_txn_ref_trgm_idx').using('gin', t.txnRef.op('gin_trgm_ops')),
    // The journal entry search's occurrences of a term not at a reference's start (decision 058).
    index('transactions_txn_ref_tail_trgm_idx').using('gin', sql`substr(${t.txnRef}, 2) gin_trgm_ops`),
    // Name search resolves the term to stored names first (transaction_customer_names), then finds
    // rows by equality here (docs/decisions/011). Each name's rows in date order, so a search's page
    // reads each name newest (or oldest) first; the filter and sort columns follow, so a search's
    // count with any list filter and its page in any order are index-only (decision 069, migration
    // 0035; (name, date, id) is unique, so the columns after it only carry values).
    index('transactions_customer_name_date_idx').on(
      t.customerName,
      t.transactionDate,
      t.id,
      t.status,
      t.type,
      t.merchantId,
      t.amount,
      t.txnRef,
    ),
    // The same rows in each other sort order of the list (decision 071, migration 0038): a search's
    // page sorted by amount, reference, type or status reads each name's rows in that order up to the
    // page's depth, as by date, instead of every entry of the names and a sort. The filter columns
    // follow the unique prefix, so a filtered walk stays index-only.
    index('transactions_customer_name_amount_idx').on(
      t.customerName,
      t.amount,
      t.id,
      t.transactionDate,
      t.status,
      t.type,
      t.merchantId,
    ),
    index('transactions_customer_name_txn_ref_idx').on(
      t.customerName,
      t.txnRef,
      t.id,
      t.transactionDate,
      t.status,
      t.type,
      t.merchantId,
      t.amount,
    ),
    index('transactions_customer_name_status_idx').on(
      t.customerName,
      t.status,
      t.id,
      t.transactionDate,
      t.type,
      t.merchantId,
      t.amount,
    ),
    index('transactions_customer_name_type_idx').on(
      t.customerName,
      t.type,
      t.id,
      t.transactionDate,
      t.status,
      t.merchantId,
      t.amount,
    ),
    index('transactions_customer_phone_trgm_idx').using('gin', t.customerPhoneNumber.op('gin_trgm_ops')),
    // Sorting by a column (issue 24, decision 041): each sortable column with id as tie-breaker, so
    // a page in either direction is an index scan; txn_ref's unique index serves its own order.
    index('transactions_amount_sort_idx').on(t.amount, t.id),
    index('transactions_customer_name_sort_idx').on(t.customerName, t.id),
    index('transactions_type_sort_idx').on(t.type, t.id),
    index('transactions_status_sort_idx').on(t.status, t.id),
    index('transactions_status_amount_sort_idx').on(t.status, t.amount, t.id),
  ],
);

/**
 * Every distinct `transactions.customer_name`, kept by statement triggers (migration 0004), so a
 * search matches the term against a few thousand names with a trigram index instead of
 * rechecking every matching transaction row (docs/decisions/011). Names are only added: a name no
 * transaction carries any more matches no row, so a stale entry is harmless.
 */
export const transactionCustomerNames = pgTable(
  'transaction_customer_names',
  { name: text('name').primaryKey() },
  (t) => [index('transaction_customer_names_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

/** The scope of the system-wide rows of `transaction_count_deltas` (every merchant, and none). */
export const ALL_TRANSACTIONS_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * Exact row counts of `transactions` per (scope, status, type), so the lists' `total` without a
 * date or search filter costs a few index entries instead of a scan of a million rows
 * (docs/decisions/007). Statement-level triggers (migration 0003) append one signed delta per
 * group a statement changes, for the system scope and for the merchant's own scope; nothing is
 * updated in place, so concurrent writers never wait on a shared counter row.
 * `compactTransactionCounts` (server/db/maintenance.ts) folds the deltas into one row per group.
 * Not a foreign key on purpose: the system scope is not a merchant.
 */
export const transactionCountDeltas = pgTable(
  'transaction_count_deltas',
  {
    scopeId: uuid('scope_id').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('transaction_count_deltas_scope_idx').on(t.scopeId, t.status, t.type, t.delta)],
);

/**
 * Exact row counts of `transactions` per (customer name, status, type), so a search's `total` for
 * the rows carrying a matching name sums a few index entries per matching name instead of reading
 * every matching row (docs/decisions/063). Kept like `transaction_count_deltas`: statement-level
 * triggers (migration 0031) append one signed delta per group a statement changes (an update that
 * leaves name, status and type alone appends nothing), TRUNCATE clears it,
 * `compactTransactionNameCounts` (server/db/maintenance.ts) folds it, and a bulk load rebuilds it
 * once (`transaction_name_count_deltas_rebuild()`). The empty name is left out, as in
 * `transaction_customer_names`: no search resolves to it.
 */
export const transactionNameCountDeltas = pgTable(
  'transaction_name_count_deltas',
  {
    customerName: text('customer_name').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('transaction_name_count_deltas_name_idx').on(t.customerName, t.status, t.type, t.delta)],
);

/**
 * The transactions of each UTC day, per currency and status: how many, and their amount summed in
 * numeric. The Dashboard's period figures, daily series and waiting payouts read these few rows
 * instead of aggregating every transaction of the period (docs/decisions/017). Kept like
 * `transaction_count_deltas`: statement-level triggers (migration 0008) append one signed delta
 * per group a statement changes, and `compactTransactionDailyTotals` folds them. A group whose
 * rows sum to zero transactions has none.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    /** `transaction_date` as a UTC day, as the lists' from/to read it. */
    day: date('day', { mode: 'string' }).notNull(),
    currencyId: uuid('currency_id').notNull(),
    status: text('status').notNull(),
    transactions: bigint('transactions', { mode: 'number' }).notNull(),
    /** Unbounded numeric: a sum of many numeric(24,6) amounts may need more integer digits. */
    amount: numeric('amount').notNull(),
  },
  (t) => [index('transaction_daily_totals_day_idx').on(t.day, t.currencyId, t.status)],
);

/**
 * Every merchant status change made through the API, with who made it: staff's compliance decisions
 * are attributable. Written in the same database transaction as the change (merchant-queries.ts),
 * never updated. `changed_by_*` are the caller's token subject and name then, not a foreign key:
 * the record must outlive any later change to the users table.
 */
export const merchantStatusChanges = pgTable(
  'merchant_status_changes',
  {
    /**
     * Ascending in the order the changes of one merchant happened: each is inserted while holding
     * the merchant's row lock, so a later change always draws a later number (two changes may share
     * `changed_at`).
     */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'no action' }),
    fromStatus: text('from_status', { enum: MERCHANT_STATUS_VALUES }).notNull(),
    toStatus: text('to_status', { enum: MERCHANT_STATUS_VALUES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedById: uuid('changed_by_id'),
    changedByName: text('changed_by_name'),
  },
  (t) => [
    index('merchant_status_changes_merchant_idx').on(t.merchantId, t.id),
    check('merchant_status_changes_from_check', oneOf('from_status', MERCHANT_STATUS_VALUES)),
    check('merchant_status_changes_to_check', oneOf('to_status', MERCHANT_STATUS_VALUES)),
  ],
);

/**
 * The catalogue's change history (contract/change-history.ts): one row per create, update, status
 * command or delete made through the API, written in the same transaction as the change and never
 * updated, deleted or truncated (triggers refuse all three). `subject_id` is no foreign key: the record of a
 * deleted currency must outlive it. `owner_ids` files a limit under its payment method and a
 * charge under its currency, so each history reads with one index.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    subject: text('subject', { enum: CHANGE_SUBJECTS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** Both currencies of a charge moved from one to the other: it shows in both histories. */
    ownerIds: uuid('owner_ids').array().notNull(),
    action: text('action', { enum: CHANGE_ACTIONS }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
  },
  (t) => [
    index('change_events_subject_idx').on(t.subjectId, t.id),
    index('change_events_owner_idx').using('gin', t.ownerIds),
    check('change_events_subject_check', oneOf('subject', CHANGE_SUBJECTS)),
    check('change_events_action_check', oneOf('action', CHANGE_ACTIONS)),
  ],
);

/**
 * The audit log (decision 031): one row per security or money action (sign-in, sign-out, user and
 * role changes, payout decisions, merchant status changes, the catalogue's changes), written by
 * `recordAudit` (server/services/audit-log.ts) in the action's own transaction and never updated,
 * deleted or truncated (triggers refuse all three). The actor is copied, not referenced: the record
 * outlives any later change to the person; `resource_id` is text because not every resource has a
 * UUID (a failed sign-in's resource is the e-mail it tried).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    address: text('address'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
    index('audit_log_resource_idx').on(t.resourceType, t.resourceId, t.at, t.id),
    // Sorted by action or outcome (issue 24, migration 0025).
    index('audit_log_action_sort_idx').on(t.action, t.id),
    index('audit_log_outcome_sort_idx').on(t.outcome, t.id),
    check('audit_log_outcome_check', oneOf('outcome', AUDIT_OUTCOMES)),
  ],
);

/**
 * Access tokens signed out before they expired (`POST auth/logout`): the API refuses each until its
 * own expiry, after which the row is useless and maintenance deletes it. `revoked_at` is the
 * database's clock, so every server process can ask for the last minute's sign-outs by the same
 * clock (server/auth/revocations.ts).
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('revoked_tokens_revoked_idx').on(t.revokedAt),
    index('revoked_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempts let through by the rate limit (server/auth/rate-limit.ts), kept in the database
 * so every server process of a deployment counts the same attempts (decision 022). A row counts as
 * a failure for its address, and for its username on that address until `username_cleared` (a later
 * success); the attempt that succeeded is deleted. Only the username's SHA-256 is kept: people type
 * passwords into the username field. Rows older than the window are deleted by maintenance.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    usernameDigest: text('username_digest').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    usernameCleared: boolean('username_cleared').notNull().default(false),
  },
  (t) => [
    index('sign_in_attempts_address_idx').on(t.address, t.attemptedAt),
    index('sign_in_attempts_attempted_idx').on(t.attemptedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// General ledger

export const glAccounts = pgTable(
  'gl_accounts',
  {
    id: id(),
    name: text('name').notNull().unique(),
    type: text('type', { enum: GL_ACCOUNT_TYPE_VALUES }).notNull(),
    manualJournalEntriesAllowed: boolean('manual_journal_entries_allowed').notNull().default(false),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ACTIVE_STATUS_VALUES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gl_accounts_type_check', oneOf('type', GL_ACCOUNT_TYPE_VALUES)),
    check('gl_accounts_status_check', oneOf('status', ACTIVE_STATUS_VALUES)),
    index('gl_accounts_status_created_at_idx').on(t.status, t.createdAt),
    index('gl_accounts_created_at_idx').on(t.createdAt, t.id),
    index('gl_accounts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * Which GL account a posting of each financial account type goes to, optionally narrowed to a
 * payment method and/or a charge. Not unique: the console may add overlapping rows; the ledger
 * picks the most specific, newest match (see docs/ledger.md).
 */
export const accountMappings = pgTable(
  'account_mappings',
  {
    id: id(),
    financialAccountType: text('financial_account_type', { enum: FINANCIAL_ACCOUNT_TYPE_VALUES }).notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'no action' }),
    glAccountId: uuid('gl_account_id')
      .notNull()
      .references(() => glAccounts.id, { onDelete: 'no action' }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'no action' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_mappings_type_check', oneOf('financial_account_type', FINANCIAL_ACCOUNT_TYPE_VALUES)),
    index('account_mappings_lookup_idx').on(t.financialAccountType, t.paymentMethodId, t.chargeId),
    index('account_mappings_gl_account_idx').on(t.glAccountId),
    index('account_mappings_charge_idx').on(t.chargeId),
    index('account_mappings_payment_method_idx').on(t.paymentMethodId),
    index('account_mappings_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The templates the server writes journal descriptions from (migration 0028, docs/decisions/048):
 * the literal parts L0..Lk around k variable parts, and the anchored pattern that recognises a
 * description `L0 V1 L1 ... Vk Lk`. Written by migrations only; read by the journal entry search.
 */
export const journalDescriptionTemplates = pgTable(
  'journal_description_templates',
  {
    id: smallint('id').primaryKey(),
    literals: text('literals').array().notNull(),
    pattern: text('pattern').notNull(),
    /** Variable parts (1..k) of few distinct values (a fee): sums kept per value (migration 0029). */
    keptVariables: smallint('kept_variables').array().notNull().default(sql`'{}'`),
    /**
     * The one- and two-character pieces of the lowercased literal parts (migration 0036, decision
     * 067): exactly the short terms that settle the template, left out of its journals' gram sums.
     */
    literalGrams: text('literal_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`journal_literal_grams(literals)`),
    /**
     * The amount variable parts not kept by value (migration 0040, decision 073): sums kept per
     * prefix of their value, for a term that runs from a literal part into the amount (`ived: 1`).
     */
    prefixVariables: smallint('prefix_variables').array().notNull().default(sql`'{}'`),
  },
  (t) => [check('journal_description_templates_literals_check', sql`cardinality(${t.literals}) >= 2`)],
);

/** One balanced posting (sum of DEBIT = sum of CREDIT over its entries, kept by server/domain). */
export const journals = pgTable(
  'journals',
  {
    id: id(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'no action' }),
    /** What caused it, e.g. PAYMENT_RECEIVED, PAYOUT_APPROVED, FEE_CHARGED, MANUAL. */
    eventType: text('event_type').notNull(),
    description: text('description'),
    /**
     * The staff member whose action posted the journal (a payout's approval or rejection), as
     * their token named them then; null for the system's own postings (a gateway's collection,
     * the seed). Not a foreign key: the record must outlive any change to the users table.
     */
    postedById: uuid('posted_by_id'),
    postedByName: text('posted_by_name'),
    createdAt: createdAt(),
    /**
     * The accounting date the journal counts for (migration 0020): today's UTC date for a money
     * event, the chosen date for a manual journal. A BEFORE INSERT trigger fills it from created_at
     * when left out (the seed's bulk load); the CHECK keeps it set.
     */
    entryDate: date('entry_date', { mode: 'string' }),
    /** The currency of a journal without a transaction (manual); otherwise the transaction's. */
    currencyId: uuid('currency_id').references((): AnyPgColumn => currencies.id, { onDelete: 'no action' }),
    /** A manual journal's reference (a voucher number, a bank statement line). */
    reference: text('reference'),
    /** The journal this one reverses; unique, so a journal is reversed at most once. */
    reversesJournalId: uuid('reverses_journal_id').references((): AnyPgColumn => journals.id, {
      onDelete: 'no action',
    }),
    reversalReason: text('reversal_reason'),
    /**
     * The description's template (journal_description_templates), null when it fits none; and its
     * residue: the variable parts between unit separators, or the whole description without a
     * template. Both set by a BEFORE INSERT trigger from the description (migration 0028), never by
     * a writer; the journal entry search reads them (docs/decisions/048).
     */
    descriptionTemplateId: smallint('description_template_id'),
    descriptionResidue: text('description_residue'),
  },
  (t) => [
    index('journals_transaction_idx').on(t.transactionId),
    index('journals_created_at_idx').on(t.createdAt, t.id),
    // Journal entry search finds the journals it must check one by one (docs/decisions/012, 048).
    index('journals_description_residue_trgm_idx').using('gin', t.descriptionResidue.op('gin_trgm_ops')),
    // The residue without the first variable's first character (decision 058, migration 0030).
    index('journals_description_tail_trgm_idx').using(
      'gin',
      sql`journal_description_tail(${t.descriptionResidue}, ${t.descriptionTemplateId}) gin_trgm_ops`,
    ),
    index('journals_description_template_idx').on(t.descriptionTemplateId),
    // A search term settling a template pages that template's journals newest first, each walk on
    // its own range, merged (decision 072): its entries share the journal's created_at (migration
    // 0039's trigger), so the journals' order is the entries'.
    index('journals_template_created_at_idx').on(t.descriptionTemplateId, t.createdAt, t.id),
    uniqueIndex('journals_reverses_journal_idx').on(t.reversesJournalId),
    index('journals_entry_date_idx').on(t.entryDate),
    check('journals_entry_date_set', sql`${t.entryDate} IS NOT NULL`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    glAccountId: uuid('gl_account_id')
      .notNull()
      .references(() => glAccounts.id, { onDelete: 'no action' }),
    entryType: text('entry_type', { enum: ENTRY_TYPE_VALUES }).notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
    /** The journal's accounting date, copied so a GL account statement pages one index in date order. */
    entryDate: date('entry_date', { mode: 'string' }),
  },
  (t) => [
    check('journal_entries_entry_type_check', oneOf('entry_type', ENTRY_TYPE_VALUES)),
    check('journal_entries_entry_date_set', sql`${t.entryDate} IS NOT NULL`),
    index('journal_entries_gl_account_date_idx').on(t.glAccountId, t.entryDate, t.createdAt, t.id),
    check('journal_entries_amount_check', sql`${t.amount} > 0`),
    index('journal_entries_journal_idx').on(t.journalId),
    index('journal_entries_gl_account_idx').on(t.glAccountId, t.createdAt),
    index('journal_entries_created_at_idx').on(t.createdAt, t.id),
    index('journal_entries_entry_type_created_at_idx').on(t.entryType, t.createdAt, t.id),
    // Sorted by amount (issue 24, migration 0025).
    index('journal_entries_amount_sort_idx').on(t.amount, t.id),
    // A GL account's entries of one side by amount: a search matching GL accounts by name, sorted by
    // amount, walks each (account, side) here instead of the whole amount index (decision 066).
    index('journal_entries_gl_account_type_amount_idx').on(t.glAccountId, t.entryType, t.amount, t.id),
  ],
);

/**
 * Entry counts and amounts of the whole ledger per (currency, entry type), appended by a
 * statement trigger on `journal_entries` (migration 0006), so the Journal Entry screen's
 * unsearched total and totals read a few rows instead of millions (docs/decisions/013). The
 * currency is the posting's transaction's; null for manual postings. The ledger is append-only
 * (the same migration refuses UPDATE and DELETE of journals and entries), so inserts are the only
 * change to follow; `compactJournalEntrySums` folds the rows.
 */
export const journalEntrySums = pgTable(
  'journal_entry_sums',
  {
    currencyId: uuid('currency_id'),
    /** Per GL account too, so a search matching an account reads its sums (docs/decisions/013). */
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    /** And per description template (null: none), for a search term inside one (decision 048). */
    descriptionTemplateId: smallint('description_template_id'),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Unbounded numeric: a sum of many numeric(24,6) amounts may need more integer digits. */
    amount: numeric('amount').notNull(),
  },
  (t) => [index('journal_entry_sums_idx').on(t.entryType, t.currencyId)],
);

/**
 * The same sums per value of a template's kept variable part (a fee; migration 0029,
 * docs/decisions/055), appended by the same statement trigger and folded by
 * `compactJournalEntryValueSums`: a search term that matches through that variable alone is counted
 * and summed from the values it fits.
 */
export const journalEntryValueSums = pgTable(
  'journal_entry_value_sums',
  {
    descriptionTemplateId: smallint('description_template_id').notNull(),
    /** Which variable part (1..k). */
    variable: smallint('variable').notNull(),
    value: text('value').notNull(),
    currencyId: uuid('currency_id'),
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    /**
     * The smallest and largest entry amount of the group (migration 0037, docs/decisions/070): where
     * a page sorted by amount starts its walk. Null means unbounded; a bound left too wide (after a
     * DELETE) only lengthens the walk.
     */
    leastAmount: numeric('least_amount'),
    greatestAmount: numeric('greatest_amount'),
  },
  (t) => [index('journal_entry_value_sums_idx').on(t.descriptionTemplateId, t.variable)],
);

/**
 * The same sums per reference prefix (migration 0030, docs/decisions/058), appended by the same
 * statement trigger and folded by `compactJournalEntryReferenceSums`: a journal's row for length n
 * holds the first n characters (lowercased) of its transaction's reference and of its description's
 * first variable part, null where that is shorter than n, so a journal whose two references both
 * start with a term is counted once. Lengths 1..JOURNAL_REFERENCE_PREFIX_MAX.
 */
export const journalEntryReferenceSums = pgTable(
  'journal_entry_reference_sums',
  {
    descriptionTemplateId: smallint('description_template_id'),
    referencePrefix: text('reference_prefix'),
    variablePrefix: text('variable_prefix'),
    currencyId: uuid('currency_id'),
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    /** The oldest and newest entry's created_at: where the search's page starts its walk. */
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('journal_entry_reference_sums_reference_idx').on(t.referencePrefix.op('text_pattern_ops')),
    index('journal_entry_reference_sums_variable_idx').on(t.variablePrefix.op('text_pattern_ops')),
  ],
);

/**
 * The same sums per gram (migration 0036, docs/decisions/067): entry counts, amounts and the oldest
 * and newest entry's created_at per (gram, template, currency, GL account, side), a gram being a
 * one- or two-character piece of a journal's lowercased description or transaction reference, less
 * its template's literal grams. A search for a term of one or two characters counts the journals
 * holding it from the rows of lower(term). Not appended by the entries' trigger: the trigger appends
 * to `journalEntryGramPending`, and `foldJournalEntryGrams` moves those rows here in batches, one
 * statement each, so a journal's entries are in exactly one of the two tables in every snapshot.
 */
export const journalEntryGramSums = pgTable(
  'journal_entry_gram_sums',
  {
    gram: text('gram').notNull(),
    descriptionTemplateId: smallint('description_template_id'),
    currencyId: uuid('currency_id'),
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One row per group (the fold adds into it): nulls (no template, no currency) are one group.
    unique('journal_entry_gram_sums_group_key')
      .on(t.gram, t.descriptionTemplateId, t.currencyId, t.glAccountId, t.entryType)
      .nullsNotDistinct(),
  ],
);

/**
 * Sums per prefix of an amount variable's value (migration 0040, docs/decisions/073): entry counts and
 * amounts per (template, variable, lowercased prefix of length 1..JOURNAL_AMOUNT_PREFIX_MAX of the
 * value, currency, GL account, side), for the template's `prefix_variables`. A term that runs from a
 * literal part into such a variable (`ived: 1`: the payment's amount starts with 1) is counted from
 * the rows of its start. Kept off the posting path as the gram sums are: `foldJournalEntryGrams` moves
 * the pending rows into both in one statement, so an entry is pending or in both in every snapshot.
 */
export const journalEntryAmountPrefixSums = pgTable(
  'journal_entry_amount_prefix_sums',
  {
    descriptionTemplateId: smallint('description_template_id').notNull(),
    /** Which variable part (1..k). */
    variable: smallint('variable').notNull(),
    prefix: text('prefix').notNull(),
    currencyId: uuid('currency_id'),
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    /**
     * The smallest and largest entry amount of the group: where a page sorted by amount starts its
     * walk (decision 070's bounds). Read from the entries when folded; too wide at worst.
     */
    leastAmount: numeric('least_amount').notNull(),
    greatestAmount: numeric('greatest_amount').notNull(),
  },
  (t) => [
    // One row per group (the fold adds into it); its index serves the search's (template, variable, prefix).
    unique('journal_entry_amount_prefix_sums_group_key')
      .on(t.descriptionTemplateId, t.variable, t.prefix, t.currencyId, t.glAccountId, t.entryType)
      .nullsNotDistinct(),
  ],
);

/**
 * The entries not yet in `journalEntryGramSums`: one row per (journal, GL account, side) a posting
 * statement wrote, appended by the entries' statement trigger (migration 0036, decision 067). A
 * search checks their journals one by one; `foldJournalEntryGrams` moves them into the gram sums.
 */
export const journalEntryGramPending = pgTable('journal_entry_gram_pending', {
  /** Folded oldest first, batch by batch, along this key's index. */
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  journalId: uuid('journal_id').notNull(),
  glAccountId: uuid('gl_account_id').notNull(),
  entryType: text('entry_type').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * The same sums per accounting day (migration 0020, docs/decisions/037), appended by the same
 * statement trigger: the reports (trial balance as of a date, balance sheet, income statement, a GL
 * account statement's opening balance) add up these rows instead of the entries. Folded by
 * `compactJournalEntryDailySums` (every maintenance round) to one row per (day, currency, account, side).
 */
export const journalEntryDailySums = pgTable(
  'journal_entry_daily_sums',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currencyId: uuid('currency_id'),
    glAccountId: uuid('gl_account_id').notNull(),
    entryType: text('entry_type').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [
    index('journal_entry_daily_sums_day_idx').on(t.day),
    index('journal_entry_daily_sums_account_idx').on(t.glAccountId, t.day),
  ],
);

export const ACCOUNTING_PERIOD_STATUS_VALUES = ['OPEN', 'CLOSED'] as const;

/**
 * Closed months (migration 0020, docs/ledger.md "Closed periods"): one row per month ever closed,
 * `month` its first day. postJournal refuses a journal dated in a CLOSED month; reopening keeps the
 * row, OPEN, with who reopened it and why.
 */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    month: date('month', { mode: 'string' }).primaryKey(),
    status: text('status', { enum: ACCOUNTING_PERIOD_STATUS_VALUES }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id'),
    closedByName: text('closed_by_name'),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedById: uuid('reopened_by_id'),
    reopenedByName: text('reopened_by_name'),
    reopenReason: text('reopen_reason'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('accounting_periods_status_check', oneOf('status', ACCOUNTING_PERIOD_STATUS_VALUES)),
    check('accounting_periods_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations, for `db.query.<table>.findMany({ with: ... })` (nested JSON in one round trip).

export const merchantsRelations = relations(merchants, ({ one, many }) => ({
  compliance: one(merchantCompliance, {
    fields: [merchants.id],
    references: [merchantCompliance.merchantId],
  }),
  contactPerson: one(merchantContactPersons, {
    fields: [merchants.id],
    references: [merchantContactPersons.merchantId],
  }),
  accounts: many(merchantAccounts),
  transactions: many(transactions),
}));

export const merchantComplianceRelations = relations(merchantCompliance, ({ one }) => ({
  merchant: one(merchants, { fields: [merchantCompliance.merchantId], references: [merchants.id] }),
}));

export const merchantContactPersonsRelations = relations(merchantContactPersons, ({ one }) => ({
  merchant: one(merchants, { fields: [merchantContactPersons.merchantId], references: [merchants.id] }),
}));

export const merchantAccountsRelations = relations(merchantAccounts, ({ one }) => ({
  merchant: one(merchants, { fields: [merchantAccounts.merchantId], references: [merchants.id] }),
  paymentMethod: one(paymentMethods, {
    fields: [merchantAccounts.paymentMethodId],
    references: [paymentMethods.id],
  }),
}));

export const currenciesRelations = relations(currencies, ({ many }) => ({
  charges: many(charges),
  transactions: many(transactions),
}));

export const paymentMethodsRelations = relations(paymentMethods, ({ many }) => ({
  transactionLimits: many(transactionLimits),
  gatewayAccounts: many(gatewayAccounts),
  merchantAccounts: many(merchantAccounts),
  accountMappings: many(accountMappings),
}));

export const transactionLimitsRelations = relations(transactionLimits, ({ one }) => ({
  paymentMethod: one(paymentMethods, {
    fields: [transactionLimits.paymentMethodId],
    references: [paymentMethods.id],
  }),
}));

export const chargesRelations = relations(charges, ({ one, many }) => ({
  currency: one(currencies, { fields: [charges.currencyId], references: [currencies.id] }),
  chargeRanges: many(chargeRanges),
  accountMappings: many(accountMappings),
}));

export const chargeRangesRelations = relations(chargeRanges, ({ one }) => ({
  charge: one(charges, { fields: [chargeRanges.chargeId], references: [charges.id] }),
}));

export const gatewayAccountsRelations = relations(gatewayAccounts, ({ one, many }) => ({
  paymentMethod: one(paymentMethods, {
    fields: [gatewayAccounts.paymentMethodId],
    references: [paymentMethods.id],
  }),
  transactions: many(transactions),
}));

export const transactionsRelations = relations(transactions, ({ one, many }) => ({
  merchant: one(merchants, { fields: [transactions.merchantId], references: [merchants.id] }),
  currency: one(currencies, { fields: [transactions.currencyId], references: [currencies.id] }),
  paymentMethod: one(paymentMethods, {
    fields: [transactions.paymentMethodId],
    references: [paymentMethods.id],
  }),
  gatewayAccount: one(gatewayAccounts, {
    fields: [transactions.gatewayAccountId],
    references: [gatewayAccounts.id],
  }),
  journals: many(journals),
}));

export const glAccountsRelations = relations(glAccounts, ({ many }) => ({
  journalEntries: many(journalEntries),
  accountMappings: many(accountMappings),
}));

export const accountMappingsRelations = relations(accountMappings, ({ one }) => ({
  paymentMethod: one(paymentMethods, {
    fields: [accountMappings.paymentMethodId],
    references: [paymentMethods.id],
  }),
  glAccount: one(glAccounts, { fields: [accountMappings.glAccountId], references: [glAccounts.id] }),
  charge: one(charges, { fields: [accountMappings.chargeId], references: [charges.id] }),
}));

export const journalsRelations = relations(journals, ({ one, many }) => ({
  transaction: one(transactions, { fields: [journals.transactionId], references: [transactions.id] }),
  entries: many(journalEntries),
}));

export const journalEntriesRelations = relations(journalEntries, ({ one }) => ({
  journal: one(journals, { fields: [journalEntries.journalId], references: [journals.id] }),
  glAccount: one(glAccounts, { fields: [journalEntries.glAccountId], references: [glAccounts.id] }),
}));

/**
 * API clients (issue 22, docs/decisions/033): the platform's machine credentials. The key's secret
 * is kept only as its SHA-256 (256 random bits need no slow hash); revoking sets `revoked_at`, and
 * the row stays so the payments it reported keep naming it.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: id(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    keyId: text('key_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id'),
    revokedByName: text('revoked_by_name'),
  },
  (t) => [
    check('api_clients_key_id_format', sql`${t.keyId} ~ '^[0-9a-f]{16}$'`),
    check('api_clients_secret_hash_format', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
    check(
      'api_clients_scopes',
      sql`cardinality(${t.scopes}) >= 1 AND ${t.scopes} <@ ARRAY['payments:write', 'payouts:write', 'disputes:write']::text[]`,
    ),
    index('api_clients_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The first answer to each (client, Idempotency-Key) of the platform operations (docs/decisions/034),
 * written in the same transaction as the work it answers, so a replay returns it and a concurrent
 * duplicate waits on the primary key and then replays it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'no action' }),
    key: text('key').notNull(),
    /** `POST /payments`: a key is the client's, whatever operation it was first sent to. */
    operation: text('operation').notNull(),
    /** SHA-256 of the operation, the path and the body as sent. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    /** The envelope exactly as first sent: a replay answers the same bytes. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.key] }),
    // The retention purge deletes by age (migration 0027, docs/api.md "Idempotency").
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** What a rule can cover: every approval kind but reopening a period, which is always covered. */
export const APPROVAL_RULE_KINDS = APPROVAL_KINDS.filter((k) => k !== 'period-reopen');

/**
 * The four-eyes rules (decision 039): a row per (kind, currency). Payouts and refunds carry a
 * threshold per currency (covered when the amount is above it); the other kinds are on when their
 * row exists, with currency ''.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    kind: text('kind').notNull(),
    currency: text('currency').notNull().default(''),
    amount: money('amount'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.currency] }),
    check('approval_rules_kind_check', oneOf('kind', APPROVAL_RULE_KINDS)),
    check('approval_rules_amount_check', sql`${t.amount} IS NULL OR ${t.amount} >= 0`),
  ],
);

/**
 * A covered action waiting for (or given) a second person's decision: what, who asked and when,
 * the amount, the fields before and after, and in `input` everything needed to carry it out later
 * (never sent on the wire). The maker and checker are copied, not referenced, as elsewhere.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    action: text('action').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('PENDING'),
    summary: text('summary').notNull(),
    subjectId: uuid('subject_id'),
    amount: money('amount'),
    currency: text('currency'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    input: jsonb('input').notNull(),
    requestedById: uuid('requested_by_id').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedById: uuid('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    failure: text('failure'),
  },
  (t) => [
    index('approval_requests_requested_idx').on(t.requestedAt, t.id),
    // Sorted by status (issue 24, migration 0025).
    index('approval_requests_status_sort_idx').on(t.status, t.id),
    index('approval_requests_pending_idx').on(t.kind, t.requestedById).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('approval_requests_one_pending_idx')
      .on(t.action, t.subjectId)
      .where(sql`${t.status} = 'PENDING' AND ${t.subjectId} IS NOT NULL`),
    check('approval_requests_kind_check', oneOf('kind', APPROVAL_KINDS)),
    check('approval_requests_status_check', oneOf('status', APPROVAL_STATUSES)),
  ],
);

/**
 * A refund (issue 22): the REFUND transaction `transaction_id` returns `amount` of the payment
 * `payment_id`, with the currency's REFUND_FEE charge taken from the merchant (`fee`). Append-only
 * (migration 0019); who asked is copied from their token, as journals do.
 */
export const refunds = pgTable(
  'refunds',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'no action' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'no action' }),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    reason: text('reason').notNull(),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
);

export const DISPUTE_STATUS_VALUES = DISPUTE_STATUSES;
export const DISPUTE_OPENER_VALUES = DISPUTE_OPENERS;

/**
 * A chargeback against a successful payment (issue 22): OPEN, then WON or LOST once, decided by a
 * conditional UPDATE. `fee` is the currency's CHARGE_BACK_FEE charge taken when it opened.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'no action' }),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    reason: text('reason').notNull(),
    responseDue: date('response_due', { mode: 'string' }).notNull(),
    status: text('status', { enum: DISPUTE_STATUS_VALUES }).notNull().default('OPEN'),
    openedByKind: text('opened_by_kind', { enum: DISPUTE_OPENER_VALUES }).notNull(),
    openedById: uuid('opened_by_id'),
    openedByName: text('opened_by_name'),
    notes: text('notes'),
    decidedById: uuid('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The GL account the opening journal credited as transfer suspense (migration 0027): the
     * decision clears this one, whatever the mappings say by then. Null for disputes opened before.
     */
    suspenseGlAccountId: uuid('suspense_gl_account_id').references(() => glAccounts.id, {
      onDelete: 'no action',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('disputes_status_check', oneOf('status', DISPUTE_STATUS_VALUES)),
    check('disputes_opened_by_kind_check', oneOf('opened_by_kind', DISPUTE_OPENER_VALUES)),
    check('disputes_amount_check', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
    check('disputes_decided_check', sql`(${t.status} = 'OPEN') = (${t.decidedAt} IS NULL)`),
    index('disputes_created_at_idx').on(t.createdAt, t.id),
    index('disputes_status_created_at_idx').on(t.status, t.createdAt, t.id),
    // Sorted by amount, status or response due (issue 24, migration 0025).
    index('disputes_amount_sort_idx').on(t.amount, t.id),
    index('disputes_status_sort_idx').on(t.status, t.id),
    index('disputes_response_due_sort_idx').on(t.responseDue, t.id),
    index('disputes_payment_idx').on(t.paymentId),
  ],
);

/**
 * The columns a person shows on a list, in order (issue 24, decision 042; migration 0023). Keyed by
 * their token's subject, copied rather than referenced as the other actor columns are; `list_id`
 * and the column ids are the allow-lists of contract/list-view.ts.
 */
export const listPreferences = pgTable(
  'list_preferences',
  {
    userId: text('user_id').notNull(),
    listId: text('list_id').notNull(),
    columns: json<string[]>('columns').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listId] })],
);

/**
 * A saved view of a list (decision 042): a name, the list's search params, its columns or none,
 * and whether everyone may apply it. Names are unique per owner and list, whatever their case.
 */
export const listViews = pgTable(
  'list_views',
  {
    id: id(),
    ownerId: text('owner_id').notNull(),
    ownerName: text('owner_name').notNull(),
    listId: text('list_id').notNull(),
    name: text('name').notNull(),
    search: json<Record<string, string | number>>('search').notNull(),
    columns: json<string[] | null>('columns'),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('list_views_owner_name_idx').on(t.ownerId, t.listId, sql`lower(${t.name})`),
    index('list_views_shared_idx').on(t.listId).where(sql`${t.shared}`),
  ],
);
