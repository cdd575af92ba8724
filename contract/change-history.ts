/**
 * Ours: the change history of the catalogue (docs/api.md, "Change history"). Every create, update,
 * status command and delete of a payment method, transaction limit, currency, charge, gateway
 * account, GL account or account mapping records who did it, when, and each field's value before
 * and after, in the same database transaction as the change itself. Payout decisions and merchant
 * status changes keep their own records (journals, merchant_status_changes).
 *
 * The snapshots and the diff live here so the server and the mocks record the same changes.
 */
import * as v from 'valibot';
import type { AccountMapping } from './account-mapping';
import type { Charge } from './charge';
import {
  idSchema,
  intQueryParam,
  LIMIT_MAX,
  PAGE_DEFAULT,
  recordedActorSchema,
  timestampSchema,
  valueList,
} from './common';
import type { Currency } from './currency';
import type { ActivationCommand } from './fields';
import type { GatewayAccount } from './gateway-account';
import type { GlAccount } from './gl-account';
import type { Merchant } from './merchant';
import { API_ERRORS } from './messages';
import type { PaymentMethod } from './payment-method';
import { PERMISSIONS, type Permission } from './permissions';
import type { TransactionLimit } from './transaction-limit';

export const [CHANGE_SUBJECTS, changeSubjectSchema] = valueList([
  'payment_method',
  'transaction_limit',
  'currency',
  'charge',
  'gateway_account',
  'gl_account',
  'account_mapping',
]);
/** A subject whose changes `change_events` records. */
export type ChangeSubject = v.InferOutput<typeof changeSubjectSchema>;

/**
 * Every subject `GET change-history` reads: the recorded ones, and merchants, whose status
 * changes are kept in `merchant_status_changes` (read as ACTIVATE or DEACTIVATE of `status`).
 */
export const [HISTORY_SUBJECTS, historySubjectSchema] = valueList([...CHANGE_SUBJECTS, 'merchant']);
export type HistorySubject = v.InferOutput<typeof historySubjectSchema>;

export const [CHANGE_ACTIONS, changeActionSchema] = valueList([
  'CREATE',
  'UPDATE',
  'ACTIVATE',
  'DEACTIVATE',
  'DELETE',
]);
export type ChangeAction = v.InferOutput<typeof changeActionSchema>;

/** The action a `?command=` records. */
export const COMMAND_ACTION: Readonly<Record<ActivationCommand, ChangeAction>> = {
  activate: 'ACTIVATE',
  deactivate: 'DEACTIVATE',
};

/** What a field held: flat values only, so the console can show any of them on one line. */
export const changeValueSchema = v.union([
  v.string(),
  v.number(),
  v.boolean(),
  v.null(),
  v.array(v.string()),
]);
export type ChangeValue = v.InferOutput<typeof changeValueSchema>;

/** One field that changed; `from` is null on a create, `to` null on a delete. */
export const fieldChangeSchema = v.object({
  field: v.string(),
  from: changeValueSchema,
  to: changeValueSchema,
});
export type FieldChange = v.InferOutput<typeof fieldChangeSchema>;

export const changeEventSchema = v.object({
  /** Ascending in the order the changes committed their records. */
  id: v.pipe(v.string(), v.regex(/^\d+$/)),
  at: timestampSchema,
  subject: historySubjectSchema,
  subject_id: idSchema,
  action: changeActionSchema,
  /** Who made the change; null only for changes made outside the API. */
  by: recordedActorSchema,
  /** The fields whose value differs, in the resource's field order. */
  changes: v.array(fieldChangeSchema),
});
export type ChangeEvent = v.InferOutput<typeof changeEventSchema>;

/**
 * `GET change-history?subject=&subject_id=`: newest first. A payment method's history includes its
 * transaction limits, a currency's its charges (for callers who may view charges).
 */
export const changeHistoryQuerySchema = v.object({
  subject: v.pipe(
    v.string(),
    v.picklist(HISTORY_SUBJECTS, API_ERRORS.queryEnum('subject', HISTORY_SUBJECTS)),
  ),
  subject_id: v.pipe(v.string(), v.uuid(API_ERRORS.queryUuid('subject_id'))),
  page: intQueryParam('page', PAGE_DEFAULT),
  limit: intQueryParam('limit', 20, LIMIT_MAX),
});
export type ChangeHistoryQuery = v.InferOutput<typeof changeHistoryQuerySchema>;

/** Reading a subject's history takes the permission that reads the subject itself. */
export const CHANGE_HISTORY_PERMISSION: Readonly<Record<HistorySubject, Permission>> = {
  payment_method: PERMISSIONS.viewPaymentMethod,
  transaction_limit: PERMISSIONS.viewPaymentMethod,
  currency: PERMISSIONS.viewCurrency,
  charge: PERMISSIONS.viewCharge,
  gateway_account: PERMISSIONS.viewGatewayAccount,
  gl_account: PERMISSIONS.viewGlAccount,
  account_mapping: PERMISSIONS.viewAccountMapping,
  merchant: PERMISSIONS.viewMerchant,
};

/** The subjects whose records belong to another's history: a limit to its method, a charge to its currency. */
export const CHANGE_OWNED_SUBJECTS: Readonly<Partial<Record<HistorySubject, ChangeSubject>>> = {
  payment_method: 'transaction_limit',
  currency: 'charge',
};

/** A record's fields as staff read them, in display order. Ids and timestamps are left out. */
export type ChangeSnapshot = Readonly<Record<string, ChangeValue>>;

/** The recorded fields of each subject, from its wire shape. */
export const changeSnapshot = {
  paymentMethod: (m: PaymentMethod): ChangeSnapshot => ({
    name: m.name,
    code: m.code,
    type: m.type,
    url: m.url,
    // A data URL can be megabytes; a change of logo is told by a short fingerprint.
    logo: m.logo.startsWith('data:') ? `uploaded image (${fingerprint(m.logo)})` : m.logo,
    account_number_length: m.account_number_length,
    supported_currencies: [...m.supported_currencies],
    status: m.status,
  }),
  transactionLimit: (l: TransactionLimit): ChangeSnapshot => ({
    interval: l.interval,
    min_amount: l.min_amount,
    max_amount: l.max_amount,
    status: l.status,
  }),
  currency: (c: Currency): ChangeSnapshot => ({
    name: c.name,
    name_code: c.name_code,
    display_symbol: c.display_symbol,
    decimal_places: c.decimal_places,
    in_multiples_of: c.in_multiples_of,
  }),
  charge: (c: Charge): ChangeSnapshot => ({
    name: c.name,
    currency: c.currency.name_code,
    charge_time: c.charge_time,
    charge_calculation_method: c.charge_calculation_method,
    amount: c.amount,
    is_range: c.is_range,
    charge_ranges: c.charge_ranges.map((r) => `${r.min_amount} to ${r.max_amount}: ${r.charge_amount}`),
    fee_on_date: c.fee_on_date,
    fee_interval: c.fee_interval,
  }),
  gatewayAccount: (a: GatewayAccount): ChangeSnapshot => ({
    code: a.code,
    payment_method: a.payment_method.name,
    account_number: a.account_number,
    routing_code: a.routing_code,
    status: a.status,
  }),
  glAccount: (a: GlAccount): ChangeSnapshot => ({
    name: a.name,
    type: a.type,
    description: a.description,
    manual_journal_entries_allowed: a.manual_journal_entries_allowed,
    status: a.status,
  }),
  accountMapping: (m: AccountMapping): ChangeSnapshot => ({
    financial_account_type: m.financial_account_type,
    payment_method: m.payment_method?.name ?? null,
    gl_account: m.gl_account.name,
    charge: m.charge ? `${m.charge.amount} ${m.charge.currency.name}` : null,
  }),
};

/** How changes of one subject are recorded: its snapshot and, for an owned record, its owner. */
export interface ChangeSubjectSpec<T extends { id: string }, S extends HistorySubject = ChangeSubject> {
  subject: S;
  snapshot: (record: T) => ChangeSnapshot;
  ownerId?: (record: T) => string;
}

function spec<T extends { id: string }, S extends HistorySubject = ChangeSubject>(
  value: ChangeSubjectSpec<T, S>,
): ChangeSubjectSpec<T, S> {
  return value;
}

/**
 * Every subject's recording, for the server and the mocks alike. A limit is filed under its
 * payment method, a charge under its currency; a merchant's record is its status change.
 */
export const CHANGE_SPECS = {
  paymentMethod: spec<PaymentMethod>({ subject: 'payment_method', snapshot: changeSnapshot.paymentMethod }),
  transactionLimit: spec<TransactionLimit>({
    subject: 'transaction_limit',
    snapshot: changeSnapshot.transactionLimit,
    ownerId: (limit) => limit.payment_method_id,
  }),
  currency: spec<Currency>({ subject: 'currency', snapshot: changeSnapshot.currency }),
  charge: spec<Charge>({ subject: 'charge', snapshot: changeSnapshot.charge, ownerId: (c) => c.currency_id }),
  gatewayAccount: spec<GatewayAccount>({
    subject: 'gateway_account',
    snapshot: changeSnapshot.gatewayAccount,
  }),
  glAccount: spec<GlAccount>({ subject: 'gl_account', snapshot: changeSnapshot.glAccount }),
  accountMapping: spec<AccountMapping>({
    subject: 'account_mapping',
    snapshot: changeSnapshot.accountMapping,
  }),
  merchant: spec<Pick<Merchant, 'id' | 'status'>, 'merchant'>({
    subject: 'merchant',
    snapshot: (m) => ({ status: m.status }),
  }),
};

/** A merchant command's record: activate leads to ACTIVE, deactivate to INACTIVE. */
export function merchantStatusAction(to: string): ChangeAction {
  return to === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE';
}

/** One change as recorded, before it has an id, a time and an actor. */
export interface ChangeRecord<S extends HistorySubject = ChangeSubject> {
  subject: S;
  subject_id: string;
  /** The records it is filed under too: a limit's method, a charge's currencies (both, when it moves). */
  owner_ids: string[];
  action: ChangeAction;
  changes: FieldChange[];
}

/** The record of a change from `before` to `after` (null on a create, on a delete). */
export function changeOf<T extends { id: string }, S extends HistorySubject>(
  spec: ChangeSubjectSpec<T, S>,
  action: ChangeAction,
  before: T | null,
  after: T | null,
): ChangeRecord<S> {
  const record = after ?? before;
  if (!record) throw new Error(`a ${spec.subject} change needs the record before or after`);
  const ownerOf = spec.ownerId;
  return {
    subject: spec.subject,
    subject_id: record.id,
    owner_ids: ownerOf ? [...new Set([before, after].flatMap((r) => (r ? [ownerOf(r)] : [])))] : [],
    action,
    changes: diffSnapshots(before && spec.snapshot(before), after && spec.snapshot(after)),
  };
}

/** An edit that changed no field is not recorded; every other action is, even with no field. */
export function isRecorded(record: Pick<ChangeRecord<HistorySubject>, 'action' | 'changes'>): boolean {
  return record.changes.length > 0 || record.action !== 'UPDATE';
}

function sameValue(a: ChangeValue, b: ChangeValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return a === b;
}

/**
 * The fields whose value differs between two snapshots, in the order they have in `after` (then
 * any only `before` has). A missing snapshot reads as null everywhere: a create lists every field
 * that has a value, a delete every field that had one.
 */
export function diffSnapshots(before: ChangeSnapshot | null, after: ChangeSnapshot | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (!sameValue(from, to)) changes.push({ field, from, to });
  }
  return changes;
}

/** FNV-1a over the text, 8 hex digits: tells two images apart without storing either. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
