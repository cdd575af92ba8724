/**
 * Four-eyes approvals (decision 039): the rule set, the requests, and the bell's count of requests
 * waiting for a person. The decision's transaction is server/services/approvals.ts.
 */

import type {
  ApprovalKind,
  ApprovalListQuery,
  ApprovalRequest,
  ApprovalRules,
  ApprovalRulesPayload,
  ApprovalStatus,
} from '@contract/approval';
import type { ApprovalSortKey } from '@contract/list-sort';
import { and, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { recordedActor } from '../../auth/actor';
import type { Database, Executor, Transaction } from '../connect';
import { approvalRequests, approvalRules, currencies } from '../schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../sort';
import { containsPattern, isUniqueViolation, type ListPage, money } from '../sql';

type RequestRow = typeof approvalRequests.$inferSelect;

export function toApprovalRequest(row: RequestRow): ApprovalRequest {
  return {
    id: row.id,
    kind: row.kind,
    action: row.action,
    status: row.status,
    summary: row.summary,
    subject_id: row.subjectId,
    amount: row.amount === null ? null : money(row.amount),
    currency: row.currency,
    before: row.before ?? null,
    after: row.after ?? null,
    requested_by: { id: row.requestedById, name: row.requestedByName },
    requested_at: row.requestedAt.toISOString(),
    decided_by: recordedActor(row.decidedById, row.decidedByName),
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    failure: row.failure,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

const SWITCHES = [
  ['manual_journals', 'manual-journal'],
  ['gl_account_changes', 'gl-account'],
  ['account_mapping_changes', 'account-mapping'],
] as const;

export async function readApprovalRules(db: Executor): Promise<ApprovalRules> {
  const rows = await db.select().from(approvalRules).orderBy(approvalRules.kind, approvalRules.currency);
  const thresholds = (kind: ApprovalKind) =>
    rows
      .filter((r) => r.kind === kind && r.amount !== null)
      .map((r) => ({ currency: r.currency, amount: money(r.amount ?? '0') }));
  const on = (kind: ApprovalKind) => rows.some((r) => r.kind === kind);
  return {
    payout_thresholds: thresholds('payout'),
    refund_thresholds: thresholds('refund'),
    manual_journals: on('manual-journal'),
    gl_account_changes: on('gl-account'),
    account_mapping_changes: on('account-mapping'),
    period_reopening: true,
  };
}

/** The currency codes of `codes` that no currency has (compared as stored, case-insensitively). */
export async function unknownCurrencies(db: Executor, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: currencies.nameCode })
    .from(currencies)
    .where(
      inArray(
        sql`upper(${currencies.nameCode})`,
        codes.map((c) => c.toUpperCase()),
      ),
    );
  const known = new Set(rows.map((r) => r.code.toUpperCase()));
  return new Set(codes.filter((c) => !known.has(c.toUpperCase())));
}

/** Replaces the whole rule set; currency codes are stored upper-case, as the currencies hold them. */
export async function replaceApprovalRules(tx: Transaction, rules: ApprovalRulesPayload): Promise<void> {
  await tx.delete(approvalRules);
  const rows: (typeof approvalRules.$inferInsert)[] = [
    ...rules.payout_thresholds.map((t) => ({
      kind: 'payout',
      currency: t.currency.toUpperCase(),
      amount: t.amount,
    })),
    ...rules.refund_thresholds.map((t) => ({
      kind: 'refund',
      currency: t.currency.toUpperCase(),
      amount: t.amount,
    })),
    ...SWITCHES.filter(([field]) => rules[field]).map(([, kind]) => ({ kind, currency: '', amount: null })),
  ];
  if (rows.length > 0) await tx.insert(approvalRules).values(rows);
}

/** The threshold of `kind` (payout, refund) in `currency`, or null when that currency has none. */
export async function approvalThreshold(
  db: Executor,
  kind: 'payout' | 'refund',
  currency: string,
): Promise<string | null> {
  const [row] = await db
    .select({ amount: approvalRules.amount })
    .from(approvalRules)
    .where(and(eq(approvalRules.kind, kind), eq(approvalRules.currency, currency.toUpperCase())));
  return row?.amount ?? null;
}

/** Whether a switch rule (manual journals, GL account and account mapping changes) is on. */
export async function approvalSwitchOn(db: Executor, kind: ApprovalKind): Promise<boolean> {
  if (kind === 'period-reopen') return true;
  const [row] = await db
    .select({ n: count() })
    .from(approvalRules)
    .where(and(eq(approvalRules.kind, kind), eq(approvalRules.currency, '')));
  return (row?.n ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface NewApprovalRequest {
  kind: ApprovalKind;
  action: string;
  summary: string;
  subjectId: string | null;
  amount: string | null;
  currency: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Everything the action needs to be carried out when approved. */
  input: unknown;
}

/** The new pending request, or null when one for the same action and record is already pending. */
export async function insertApprovalRequest(
  db: Executor,
  request: NewApprovalRequest,
  maker: Actor,
  now: Date,
): Promise<RequestRow | null> {
  try {
    const [row] = await db
      .insert(approvalRequests)
      .values({
        ...request,
        input: request.input ?? null,
        requestedById: maker.id,
        requestedByName: maker.name,
        requestedAt: now,
      })
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function listWhere(query: ApprovalListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(approvalRequests.status, query.status));
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(
      or(ilike(approvalRequests.summary, pattern), ilike(approvalRequests.requestedByName, pattern)),
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS: SortColumns<ApprovalSortKey> = {
  requested: approvalRequests.requestedAt,
  status: approvalRequests.status,
};

export function listApprovalRequests(
  db: Database,
  query: ApprovalListQuery,
): Promise<ListPage<ApprovalRequest>> {
  const where = listWhere(query);
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, approvalRequests.id);
  return sortedTablePage(db, approvalRequests, where, orderBy, query, toApprovalRequest);
}

export async function findApprovalRequest(db: Executor, id: string): Promise<ApprovalRequest | undefined> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row ? toApprovalRequest(row) : undefined;
}

/** The request, locked until the deciding transaction ends: a second checker waits, then sees it decided. */
export async function lockApprovalRequest(tx: Transaction, id: string): Promise<RequestRow | undefined> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  return row;
}

/** Records the decision on a request still pending; the row is locked by the caller. */
export async function settleApprovalRequest(
  tx: Transaction,
  id: string,
  outcome: { status: Exclude<ApprovalStatus, 'PENDING'>; reason: string | null; failure: string | null },
  checker: Actor,
  now: Date,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .update(approvalRequests)
    .set({
      status: outcome.status,
      reason: outcome.reason,
      failure: outcome.failure,
      decidedById: checker.id,
      decidedByName: checker.name,
      decidedAt: now,
    })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'PENDING')))
    .returning();
  return row;
}

/** The pending requests of `actions` that `subjectIds` have: a list's "waiting for approval" badges. */
export async function pendingSubjects(
  db: Executor,
  action: string,
  subjectIds: readonly string[],
): Promise<Map<string, string>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select({ subjectId: approvalRequests.subjectId, id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.status, 'PENDING'),
        eq(approvalRequests.action, action),
        inArray(approvalRequests.subjectId, [...subjectIds]),
      ),
    );
  return new Map(rows.flatMap((r) => (r.subjectId ? [[r.subjectId, r.id] as const] : [])));
}

/** The bell: pending requests of `kinds` that someone other than `userId` made. */
export async function approvalsWaitingFor(
  db: Executor,
  userId: string,
  kinds: readonly ApprovalKind[],
): Promise<number> {
  if (kinds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.status, 'PENDING'),
        inArray(approvalRequests.kind, [...kinds]),
        ne(approvalRequests.requestedById, userId),
      ),
    );
  return row?.n ?? 0;
}
