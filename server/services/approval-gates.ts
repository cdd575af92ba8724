/**
 * The gate of each covered action (decision 039): called by the action's service entry (its
 * `submit…` function, decision 045) before doing anything, it answers the pending request when a
 * rule covers the action (the route then answers 202), or null when the action goes ahead at once.
 * What a request records (summary, amount, before and after) is written here, per action.
 */

import type { AccountMappingItemPayload } from '@contract/account-mapping';
import type { ApprovalRequest } from '@contract/approval';
import { BOOKS_MESSAGES, lineTotals, type ManualJournalInput, type ReopenPeriodInput } from '@contract/books';
import type { GlAccountPayload } from '@contract/gl-account';
import { API_ERRORS } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { type Actor, actorOf } from '../auth/actor';
import type { Database } from '../db/connect';
import { findGlAccount } from '../db/queries/gl-accounts';
import { findTransactionDetail } from '../db/queries/transactions';
import { accountingPeriods, currencies } from '../db/schema';
import { ApiError } from '../http/envelope';
import {
  amountNeedsApproval,
  type GlAccountUpdateInput,
  kindNeedsApproval,
  type ManualJournalApprovalInput,
  type PayoutApprovalInput,
  type PeriodReopenApprovalInput,
  type RefundApprovalInput,
  type RequestContext,
  requestApproval,
} from './approval-requests';

export type { RequestContext };

/**
 * What a covered action's service entry answers: the pending request (202) or what the action did.
 * Only the approvals' carry-out calls an action past its gate, once a second person has approved.
 */
export type Gated<T> = { readonly pending: ApprovalRequest } | { readonly done: T };

/** Runs `act` unless `gate` answers a pending request. */
export async function throughGate<T>(
  gate: () => Promise<ApprovalRequest | null>,
  act: () => Promise<T>,
): Promise<Gated<T>> {
  const pending = await gate();
  return pending ? { pending } : { done: await act() };
}

/** The staff member asking, as the actions record them (with the address of the request). */
export function requesterOf({ claims, address }: RequestContext): Actor & { email: string } {
  return { ...actorOf(claims), email: claims.email, address };
}

/** Approving a pending payout above its currency's threshold. Anything else is left to the decision. */
export async function payoutApprovalRequest(
  db: Database,
  id: string,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  const payout = await findTransactionDetail(db, id);
  if (payout?.status !== 'PAY_OUT') return null;
  const currency = payout.transaction_method.currency.name_code;
  if (!(await amountNeedsApproval(db, 'payout', currency, payout.amount))) return null;
  const input: PayoutApprovalInput = { payout_id: id };
  return requestApproval(
    db,
    {
      kind: 'payout',
      action: 'payout.approve',
      summary: `Approve payout ${payout.reference.txn_ref}`,
      subjectId: id,
      amount: payout.amount,
      currency,
      before: { status: 'PAY_OUT' },
      after: { status: 'SUCCESS' },
      input,
    },
    context,
  );
}

const glAccountFields = (a: GlAccountPayload) => ({
  name: a.name,
  type: a.type,
  manual_journal_entries_allowed: a.manual_journal_entries_allowed,
  description: a.description,
});

/** Creating a GL account, when GL account changes need approval. */
export async function glAccountCreateRequest(
  db: Database,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'gl-account'))) return null;
  return requestApproval(
    db,
    {
      kind: 'gl-account',
      action: 'gl-account.create',
      summary: `Create GL account ${payload.name}`,
      subjectId: null,
      amount: null,
      currency: null,
      before: null,
      after: glAccountFields(payload),
      input: payload,
    },
    context,
  );
}

/** Changing a GL account, when GL account changes need approval (404 for an unknown account). */
export async function glAccountUpdateRequest(
  db: Database,
  id: string,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'gl-account'))) return null;
  const current = await findGlAccount(db, id);
  if (!current) throw new ApiError(404, API_ERRORS.notFound('Gl account'));
  const input: GlAccountUpdateInput = { id: current.id, payload };
  return requestApproval(
    db,
    {
      kind: 'gl-account',
      action: 'gl-account.update',
      summary: `Update GL account ${current.name}`,
      subjectId: current.id,
      amount: null,
      currency: null,
      before: glAccountFields(current),
      after: glAccountFields(payload),
      input,
    },
    context,
  );
}

/** Creating account mappings, when account mapping changes need approval. */
export async function accountMappingCreateRequest(
  db: Database,
  items: readonly AccountMappingItemPayload[],
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'account-mapping'))) return null;
  const types = [...new Set(items.map((i) => i.financial_account_type))].join(', ');
  return requestApproval(
    db,
    {
      kind: 'account-mapping',
      action: 'account-mapping.create',
      summary: `Create ${items.length} account mapping${items.length === 1 ? '' : 's'} (${types})`,
      subjectId: null,
      amount: null,
      currency: null,
      before: null,
      after: { mappings: items },
      input: items,
    },
    context,
  );
}

/** A manual journal, when every manual journal needs approval. Its amount is the debit total. */
export async function manualJournalRequest(
  db: Database,
  body: ManualJournalInput,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'manual-journal'))) return null;
  const [currency] = await db
    .select({ code: currencies.nameCode })
    .from(currencies)
    .where(eq(currencies.id, body.currency_id));
  const { debit } = lineTotals(body.lines);
  const input: ManualJournalApprovalInput = { body, maker_email: context.claims.email };
  return requestApproval(
    db,
    {
      kind: 'manual-journal',
      action: 'journal.create',
      summary: `Manual journal: ${body.narration}`,
      subjectId: null,
      amount: debit,
      currency: currency?.code ?? null,
      before: null,
      after: {
        entry_date: body.entry_date,
        narration: body.narration,
        reference: body.reference,
        lines: body.lines.map((l) => `${l.entry_type} ${l.amount} on ${l.gl_account_id}`).join('\n'),
      },
      input,
    },
    context,
  );
}

/**
 * Reopening a closed month: always waits for a second person. A month that is not closed is
 * refused at once (409), as the reopening itself would be.
 */
export async function periodReopenRequest(
  db: Database,
  body: ReopenPeriodInput,
  context: RequestContext,
): Promise<ApprovalRequest> {
  const [period] = await db
    .select({ status: accountingPeriods.status })
    .from(accountingPeriods)
    .where(eq(accountingPeriods.month, `${body.month}-01`));
  if (period?.status !== 'CLOSED') throw new ApiError(409, BOOKS_MESSAGES.periodNotClosed(body.month));
  const input: PeriodReopenApprovalInput = { body, maker_email: context.claims.email };
  return requestApproval(
    db,
    {
      kind: 'period-reopen',
      action: 'period.reopen',
      summary: `Reopen period ${body.month}`,
      subjectId: null,
      amount: null,
      currency: null,
      before: { status: 'CLOSED' },
      after: { status: 'OPEN', reopen_reason: body.reason },
      input,
    },
    context,
  );
}

/** A refund above its currency's threshold; anything else is left to the refund itself. */
export async function refundRequest(
  db: Database,
  paymentId: string,
  body: { amount: string; reason: string },
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  const payment = await findTransactionDetail(db, paymentId);
  if (payment?.type !== 'PAYMENT') return null;
  const currency = payment.transaction_method.currency.name_code;
  if (!(await amountNeedsApproval(db, 'refund', currency, body.amount))) return null;
  const input: RefundApprovalInput = {
    payment_id: paymentId,
    amount: body.amount,
    reason: body.reason,
    maker_email: context.claims.email,
  };
  return requestApproval(
    db,
    {
      kind: 'refund',
      action: 'refund.create',
      summary: `Refund of payment ${payment.reference.txn_ref}`,
      // Several partial refunds of one payment may wait at once: no one-per-subject rule here.
      subjectId: null,
      amount: body.amount,
      currency,
      before: null,
      after: { payment: payment.reference.txn_ref, amount: body.amount, reason: body.reason },
      input,
    },
    context,
  );
}
