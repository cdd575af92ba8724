/**
 * Four-eyes approvals in the mocks (decision 039), as the server does them for payouts: the rule
 * set, a payout approval above its currency's threshold becoming a pending request (202), the
 * inbox and the decision; a refund above its currency's threshold too. GL account and account
 * mapping changes, manual journals and reopening are not gated here.
 */
import { APPROVAL_MESSAGES, type ApprovalRequest, approvalRequestSchema } from '@contract/approval';
import { gt } from '@contract/decimal';
import { APPROVAL_SORT_DEFAULT } from '@contract/list-sort';
import { API_ERRORS } from '@contract/messages';
import { approvalOperations } from '@contract/operations/approvals';
import { hasPermission, PERMISSIONS } from '@contract/permissions';
import type { Transaction } from '@contract/transaction';
import { allTransactions, setTransactionStatus } from '../data/transactions';
import { db } from '../db';
import { actorOf, claimsOf, failure, ok } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { isDefaultOrder, sortRows } from '../sort';

/** The pending request a payout approval becomes when its amount is above the threshold; else null. */
export function payoutApprovalAnswer(request: Request, payout: Transaction): Response | null {
  const currency = payout.transaction_method.currency.name_code;
  const threshold = db.approvalRules.payout_thresholds.find((t) => t.currency === currency);
  if (!threshold || !gt(payout.amount, threshold.amount)) return null;
  if (db.approvalRequests.some((r) => r.status === 'PENDING' && r.subject_id === payout.id)) {
    return failure(409, APPROVAL_MESSAGES.alreadyWaiting);
  }
  const maker = actorOf(request);
  const pending: ApprovalRequest = {
    id: crypto.randomUUID(),
    kind: 'payout',
    action: 'payout.approve',
    status: 'PENDING',
    summary: `Approve payout ${payout.reference.txn_ref}`,
    subject_id: payout.id,
    amount: payout.amount,
    currency,
    before: { status: 'PAY_OUT' },
    after: { status: 'SUCCESS' },
    requested_by: maker,
    requested_at: new Date().toISOString(),
    decided_by: null,
    decided_at: null,
    reason: null,
    failure: null,
  };
  db.approvalRequests.unshift(pending);
  return ok(approvalRequestSchema, pending, 202);
}

/** The pending request a refund becomes when its amount is above the threshold; else null. */
export function refundApprovalAnswer(
  request: Request,
  payment: Transaction,
  body: { amount: string; reason: string },
): Response | null {
  const currency = payment.transaction_method.currency.name_code;
  const threshold = db.approvalRules.refund_thresholds.find((t) => t.currency === currency);
  if (!threshold || !gt(body.amount, threshold.amount)) return null;
  const pending: ApprovalRequest = {
    id: crypto.randomUUID(),
    kind: 'refund',
    action: 'refund.create',
    status: 'PENDING',
    summary: `Refund of payment ${payment.reference.txn_ref}`,
    subject_id: null,
    amount: body.amount,
    currency,
    before: null,
    after: { payment: payment.reference.txn_ref, amount: body.amount, reason: body.reason },
    requested_by: actorOf(request),
    requested_at: new Date().toISOString(),
    decided_by: null,
    decided_at: null,
    reason: null,
    failure: null,
  };
  db.approvalRequests.unshift(pending);
  return ok(approvalRequestSchema, pending, 202);
}

export const approvalHandlers = [
  mock(approvalOperations.rules, () => db.approvalRules),

  mock(approvalOperations.updateRules, ({ body }) => {
    for (const field of ['payout_thresholds', 'refund_thresholds'] as const) {
      const index = body[field].findIndex(
        (t) => !db.currencies.some((c) => c.name_code.toUpperCase() === t.currency.toUpperCase()),
      );
      const entry = body[field][index];
      if (entry)
        return failure(
          400,
          `${field}.${index}.currency: ${APPROVAL_MESSAGES.unknownCurrency(entry.currency)}`,
        );
    }
    const upper = (list: typeof body.payout_thresholds) =>
      list.map((t) => ({ currency: t.currency.toUpperCase(), amount: t.amount }));
    db.approvalRules = {
      payout_thresholds: upper(body.payout_thresholds).sort((a, b) => a.currency.localeCompare(b.currency)),
      refund_thresholds: upper(body.refund_thresholds).sort((a, b) => a.currency.localeCompare(b.currency)),
      manual_journals: body.manual_journals,
      gl_account_changes: body.gl_account_changes,
      account_mapping_changes: body.account_mapping_changes,
      period_reopening: true,
    };
    return db.approvalRules;
  }),

  mock(approvalOperations.list, ({ query }) => {
    const term = query.search_term?.toLowerCase();
    const rows = db.approvalRequests.filter(
      (r) =>
        (!query.status || r.status === query.status) &&
        (!term ||
          r.summary.toLowerCase().includes(term) ||
          (r.requested_by?.name.toLowerCase().includes(term) ?? false)),
    );
    // Stored newest first, the server's default order.
    const sorted = isDefaultOrder(query.sort, APPROVAL_SORT_DEFAULT)
      ? rows
      : sortRows(rows, query.sort, { values: { requested: (r) => r.requested_at, status: (r) => r.status } });
    return pageOf(sorted, query.page, query.limit);
  }),

  mock(approvalOperations.detail, ({ params }) => {
    const found = db.approvalRequests.find((r) => r.id === params.id);
    return found ?? failure(404, API_ERRORS.notFound('Approval request'));
  }),

  mock(approvalOperations.decide, ({ request, params, body }) => {
    const index = db.approvalRequests.findIndex((r) => r.id === params.id);
    const current = db.approvalRequests[index];
    if (!current) return failure(404, API_ERRORS.notFound('Approval request'));
    const checker = actorOf(request);
    if (current.requested_by?.id === checker?.id) return failure(403, APPROVAL_MESSAGES.ownRequest);
    if (current.status !== 'PENDING') return failure(409, APPROVAL_MESSAGES.alreadyDecided);
    if (!hasPermission(claimsOf(request)?.resource_access, PERMISSIONS.changePayoutStatus)) {
      return failure(403, APPROVAL_MESSAGES.actionPermission);
    }
    const decided = { ...current, decided_by: checker, decided_at: new Date().toISOString() };
    if (body.command === 'reject') {
      Object.assign(decided, { status: 'REJECTED', reason: body.reason ?? null });
    } else {
      const payout = allTransactions(db.merchants).find((t) => t.id === current.subject_id);
      if (payout?.status === 'PAY_OUT') {
        setTransactionStatus(db.merchants, payout.id, 'SUCCESS', {
          at: decided.decided_at,
          by: current.requested_by,
        });
        decided.status = 'APPROVED';
      } else {
        Object.assign(decided, { status: 'FAILED', failure: API_ERRORS.payoutNotPending });
      }
    }
    db.approvalRequests[index] = decided;
    return decided;
  }),
];
