/**
 * Ours (issue 21): the audit log, one append-only record of every security and money action: who
 * (id, name and e-mail as they were then), when, from which address, what (a dotted action such as
 * `auth.sign-in` or `payout.approve`), on which resource, whether it succeeded, and the resource
 * before and after (decision 031). The CSV of its export is written once here, so the server and
 * the mocks send the same bytes.
 */
import * as v from 'valibot';
import { pageQueryEntries, queryText, timestampSchema, valueList } from './common';
import { pagedSchema } from './envelope';
import { queryDate, queryEnum } from './fields';
import { AUDIT_SORT_DEFAULT, AUDIT_SORT_KEYS, sortQuery } from './list-sort';
import { API_ERRORS } from './messages';
import type { Role } from './role';
import { csvLine } from './transaction-csv';
import type { StaffUser } from './user';

export const [AUDIT_OUTCOMES, auditOutcomeSchema] = valueList(['success', 'failure']);
export type AuditOutcome = v.InferOutput<typeof auditOutcomeSchema>;

/**
 * The actions recorded today, for the console's suggestions; the log takes any dotted action, so
 * a new one needs no change here to be recorded or found.
 */
export const KNOWN_AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out',
  'auth.sso.sign-in',
  'user.create',
  'user.update',
  'user.activate',
  'user.deactivate',
  'user.password.reset',
  'user.password.change',
  'role.create',
  'role.update',
  'role.delete',
  'payout.approve',
  'payout.reject',
  'merchant.activate',
  'merchant.deactivate',
  'payment-method',
  'transaction-limit',
  'currency',
  'charge',
  'gateway-account',
  'gl-account',
  'account-mapping',
] as const;

/** The resource types recorded today, for the console's suggestions. */
export const KNOWN_AUDIT_RESOURCE_TYPES = [
  'user',
  'role',
  'payout',
  'merchant',
  'payment-method',
  'transaction-limit',
  'currency',
  'charge',
  'gateway-account',
  'gl-account',
  'account-mapping',
] as const;

export const auditActorSchema = v.nullable(
  v.object({ id: v.string(), name: v.string(), email: v.nullable(v.string()) }),
);

export const auditRecordSchema = v.object({
  /** Ascending in the order the records were written. */
  id: v.pipe(v.string(), v.regex(/^\d+$/)),
  at: timestampSchema,
  /** Null when nobody is known (a failed sign-in for an e-mail no person has). */
  actor: auditActorSchema,
  address: v.nullable(v.string()),
  action: v.string(),
  resource_type: v.string(),
  resource_id: v.nullable(v.string()),
  outcome: auditOutcomeSchema,
  /** The resource's recorded fields before and after; null before a create, after a delete. */
  before: v.unknown(),
  after: v.unknown(),
});
export type AuditRecord = v.InferOutput<typeof auditRecordSchema>;

export const auditPageSchema = pagedSchema(auditRecordSchema);

const { search_term: _search, ...paging } = pageQueryEntries;

/**
 * The filters of `GET /audit-log`: `person` contains (name or e-mail), `action` exact or a group
 * (`user` finds `user.create` and `user.password.reset`), resource type and id exact, outcome, and
 * whole UTC days `from`..`to`, inclusive.
 */
const auditFilterEntries = {
  person: queryText('person'),
  action: queryText('action', 100),
  resource_type: queryText('resource_type', 100),
  resource_id: queryText('resource_id', 254),
  outcome: queryEnum('outcome', AUDIT_OUTCOMES),
  from: queryDate('from'),
  to: queryDate('to'),
};

const auditFilterObject = v.object(auditFilterEntries);
export type AuditFilterQuery = v.InferOutput<typeof auditFilterObject>;

const isOrderedRange = (q: AuditFilterQuery) => !q.from || !q.to || q.from <= q.to;

export const auditListQuerySchema = v.pipe(
  v.object({ ...paging, ...auditFilterEntries, sort: sortQuery(AUDIT_SORT_KEYS, AUDIT_SORT_DEFAULT) }),
  v.check((q) => isOrderedRange(q), API_ERRORS.dateRange),
);
export type AuditListQuery = v.InferOutput<typeof auditListQuerySchema>;

/** `GET /audit-log/export`: the list's filters without paging. */
export const auditExportQuerySchema = v.pipe(
  auditFilterObject,
  v.check((q) => isOrderedRange(q), API_ERRORS.dateRange),
);

/** Does a record match the filters? The mocks' filter; the server's is the same in SQL. */
export function auditRecordMatches(record: AuditRecord, q: AuditFilterQuery): boolean {
  const person = q.person?.toLowerCase();
  if (
    person &&
    !`${record.actor?.name ?? ''}\u0000${record.actor?.email ?? ''}`.toLowerCase().includes(person)
  )
    return false;
  if (q.action && record.action !== q.action && !record.action.startsWith(`${q.action}.`)) return false;
  if (q.resource_type && record.resource_type !== q.resource_type) return false;
  if (q.resource_id && record.resource_id !== q.resource_id) return false;
  if (q.outcome && record.outcome !== q.outcome) return false;
  const day = record.at.slice(0, 10);
  if (q.from && day < q.from) return false;
  if (q.to && day > q.to) return false;
  return true;
}

/** Before and after as one CSV cell each: compact JSON, empty when there is none. */
function jsonCell(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

export const AUDIT_CSV_HEADER = csvLine([
  'ID',
  'Time (UTC)',
  'Person',
  'E-mail',
  'Person ID',
  'Address',
  'Action',
  'Resource type',
  'Resource ID',
  'Outcome',
  'Before',
  'After',
]);

export function auditCsvLine(r: AuditRecord): string {
  return csvLine([
    r.id,
    r.at,
    r.actor?.name ?? null,
    r.actor?.email ?? null,
    r.actor?.id ?? null,
    r.address,
    r.action,
    r.resource_type,
    r.resource_id,
    r.outcome,
    jsonCell(r.before),
    jsonCell(r.after),
  ]);
}

/** `audit-log-<day>.csv`, or `audit-log-<from>-to-<to>.csv` for a range. */
export function auditCsvFileName(today: string, from?: string, to?: string): string {
  if (from || to) return `audit-log-${from ?? 'start'}-to-${to ?? today}.csv`;
  return `audit-log-${today}.csv`;
}

/** A role as the audit log records it before and after a change. */
export function roleAuditFields(role: Pick<Role, 'name' | 'permissions'>) {
  return { name: role.name, permissions: role.permissions };
}

/** A person as the audit log records them before and after a change: never a password or its hash. */
export function userAuditFields(user: StaffUser) {
  return {
    name: user.name,
    email: user.email,
    status: user.status,
    roles: user.roles.map((r) => r.name),
    must_change_password: user.must_change_password,
  };
}
