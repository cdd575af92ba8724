/**
 * The asking side of four-eyes approvals (issue 23, decision 039): which actions a rule may cover,
 * whether one does, and recording a pending request. Deciding and carrying out a request is
 * approvals.ts's; it imports the services the actions run, so the services' gates
 * (approval-gates.ts) ask through this module and never import them back.
 */

import type { AccountMappingItemPayload } from '@contract/account-mapping';
import { APPROVAL_MESSAGES, type ApprovalKind, type ApprovalRequest } from '@contract/approval';
import type { TokenClaims } from '@contract/auth';
import type { ManualJournalInput, ReopenPeriodInput } from '@contract/books';
import { gt } from '@contract/decimal';
import type { GlAccountPayload } from '@contract/gl-account';
import { hasPermission, PERMISSIONS, type Permission } from '@contract/permissions';
import { actorOf } from '../auth/actor';
import type { Database, Transaction } from '../db/connect';
import {
  approvalSwitchOn,
  approvalThreshold,
  insertApprovalRequest,
  type NewApprovalRequest,
  toApprovalRequest,
} from '../db/queries/approvals';
import { ApiError } from '../http/envelope';
import { auditActor, recordAudit } from './audit-log';
import { publishLiveEvent } from './live-events';

/**
 * Every action a request can stand for: its kind (the inbox's filter and the bell's count) and the
 * permission its checker must hold besides `decide-approval` (the one the action itself needs).
 */
export const APPROVAL_ACTIONS = {
  'payout.approve': { kind: 'payout', permission: PERMISSIONS.changePayoutStatus },
  'gl-account.create': { kind: 'gl-account', permission: PERMISSIONS.createGlAccount },
  'gl-account.update': { kind: 'gl-account', permission: PERMISSIONS.updateGlAccount },
  'account-mapping.create': { kind: 'account-mapping', permission: PERMISSIONS.createAccountMapping },
  'journal.create': { kind: 'manual-journal', permission: PERMISSIONS.createJournalEntry },
  'period.reopen': { kind: 'period-reopen', permission: PERMISSIONS.reopenPeriod },
  'refund.create': { kind: 'refund', permission: PERMISSIONS.refundTransaction },
} as const satisfies Record<string, { kind: ApprovalKind; permission: Permission }>;

export type ApprovalActionName = keyof typeof APPROVAL_ACTIONS;

export function isApprovalAction(action: string): action is ApprovalActionName {
  return Object.hasOwn(APPROVAL_ACTIONS, action);
}

/** What each action's request stores, to be carried out as asked once approved. */
export interface ApprovalInputs {
  'payout.approve': PayoutApprovalInput;
  'gl-account.create': GlAccountPayload;
  'gl-account.update': GlAccountUpdateInput;
  'account-mapping.create': AccountMappingItemPayload[];
  'journal.create': ManualJournalApprovalInput;
  'period.reopen': PeriodReopenApprovalInput;
  'refund.create': RefundApprovalInput;
}

export interface PayoutApprovalInput {
  payout_id: string;
}
/** The maker's e-mail goes with the books' and refunds' inputs: their audit records name it. */
export interface MakerEmail {
  maker_email: string;
}
export interface ManualJournalApprovalInput extends MakerEmail {
  body: ManualJournalInput;
}
export interface PeriodReopenApprovalInput extends MakerEmail {
  body: ReopenPeriodInput;
}
export interface RefundApprovalInput extends MakerEmail {
  payment_id: string;
  amount: string;
  reason: string;
}

export interface GlAccountUpdateInput {
  id: string;
  payload: GlAccountPayload;
}

/** The kinds whose action permission `claims` hold: what this person could decide. */
export function decidableKinds(claims: Pick<TokenClaims, 'resource_access'>): ApprovalKind[] {
  if (!hasPermission(claims.resource_access, PERMISSIONS.decideApproval)) return [];
  const kinds = new Set<ApprovalKind>();
  for (const action of Object.values(APPROVAL_ACTIONS)) {
    if (hasPermission(claims.resource_access, action.permission)) kinds.add(action.kind);
  }
  return [...kinds];
}

// ---------------------------------------------------------------------------------------------
// The gate: does a rule cover this action?

/** Payouts and refunds: covered when the amount is strictly above its currency's threshold. */
export async function amountNeedsApproval(
  db: Database | Transaction,
  kind: 'payout' | 'refund',
  currency: string,
  amount: string,
): Promise<boolean> {
  const threshold = await approvalThreshold(db, kind, currency);
  return threshold !== null && gt(amount, threshold);
}

/** Manual journals, GL account and account mapping changes (when switched on); period reopening always. */
export function kindNeedsApproval(db: Database | Transaction, kind: ApprovalKind): Promise<boolean> {
  return approvalSwitchOn(db, kind);
}

export interface RequestContext {
  claims: TokenClaims;
  address: string | null;
  now: Date;
}

/** Records a pending request (409 when one for the same record is already pending) and audits it. */
export async function requestApproval(
  db: Database,
  request: NewApprovalRequest,
  { claims, address, now }: RequestContext,
): Promise<ApprovalRequest> {
  if (!isApprovalAction(request.action)) throw new Error(`No approval action ${request.action}`);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApprovalRequest(tx, request, actorOf(claims), now);
    if (!inserted) throw new ApiError(409, APPROVAL_MESSAGES.alreadyWaiting);
    await recordAudit(tx, {
      actor: auditActor(claims),
      action: 'approval.request',
      resource: { type: 'approval', id: inserted.id },
      after: {
        action: request.action,
        subject_id: request.subjectId,
        amount: request.amount,
        currency: request.currency,
      },
      address,
      at: now,
    });
    await publishLiveEvent(tx, { kind: 'approval', id: inserted.id });
    return inserted;
  });
  return toApprovalRequest(row);
}
