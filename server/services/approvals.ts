/**
 * Four-eyes approvals (issue 23, decision 039). A covered action is not carried out when asked: it
 * becomes a pending request holding everything needed to carry it out later. A second person who
 * holds `decide-approval` and the action's own permission approves it (the action's service
 * function then runs inside the deciding transaction, under a savepoint) or rejects it with a
 * reason (nothing changes). The maker never decides their own request.
 *
 * Race safety: the deciding transaction locks the request row (`FOR UPDATE`), so of two checkers
 * at once the second waits, then finds the request decided (409). A second request for the same
 * action on the same record while one is pending is refused by a partial unique index (409).
 */

import type { AccountMappingItemPayload } from '@contract/account-mapping';
import {
  APPROVAL_MESSAGES,
  type ApprovalDecisionPayload,
  type ApprovalKind,
  type ApprovalRequest,
} from '@contract/approval';
import type { TokenClaims } from '@contract/auth';
import type { ManualJournalInput, ReopenPeriodInput } from '@contract/books';
import { gt } from '@contract/decimal';
import type { GlAccountPayload } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { hasPermission, PERMISSIONS, type Permission } from '@contract/permissions';
import { type Actor, actorOf } from '../auth/actor';
import type { Database, Transaction } from '../db/connect';
import { createAccountMappings } from '../db/queries/account-mappings';
import {
  approvalSwitchOn,
  approvalThreshold,
  insertApprovalRequest,
  lockApprovalRequest,
  type NewApprovalRequest,
  settleApprovalRequest,
  toApprovalRequest,
} from '../db/queries/approvals';
import { createGlAccount, type GlAccountWrite, updateGlAccount } from '../db/queries/gl-accounts';
import { ApiError } from '../http/envelope';
import { reopenPeriod } from './accounting-period';
import { auditActor, recordAudit } from './audit-log';
import { publishLiveEvent } from './live-events';
import { createManualJournal } from './manual-journal';
import { decidePayout } from './payout-decision';
import { createRefund } from './refund';

/** How an approved request is carried out: the action's own service function, in `tx`. */
export interface ApprovalAction {
  readonly kind: ApprovalKind;
  /** What the checker must hold besides `decide-approval`: the permission the action needs. */
  readonly permission: Permission;
  /** Throws ApiError (4xx) when the action can no longer be carried out; the request is then FAILED. */
  carryOut(tx: Transaction, input: unknown, maker: Actor, now: Date): Promise<void>;
}

function glAccountDone(result: GlAccountWrite, name: string): void {
  if (result.ok) return;
  switch (result.reason) {
    case 'not-found':
      throw new ApiError(404, API_ERRORS.notFound('Gl account'));
    case 'name-taken':
      throw new ApiError(409, LEDGER_ERRORS.glAccountNameTaken(name));
    case 'type-locked':
      throw new ApiError(409, LEDGER_ERRORS.glAccountTypeLocked);
  }
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

const ACTIONS = new Map<string, ApprovalAction>([
  [
    'payout.approve',
    {
      kind: 'payout',
      permission: PERMISSIONS.changePayoutStatus,
      async carryOut(tx, input, maker, now) {
        const { payout_id } = input as PayoutApprovalInput;
        // A Transaction is a Database whose .transaction() is a savepoint: the decision nests.
        if (!(await decidePayout(tx, payout_id, 'approve', now, maker))) {
          throw new ApiError(409, API_ERRORS.payoutNotPending);
        }
      },
    },
  ],
  [
    'gl-account.create',
    {
      kind: 'gl-account',
      permission: PERMISSIONS.createGlAccount,
      async carryOut(tx, input, maker, now) {
        const payload = input as GlAccountPayload;
        glAccountDone(await createGlAccount(tx, payload, now, maker), payload.name);
      },
    },
  ],
  [
    'gl-account.update',
    {
      kind: 'gl-account',
      permission: PERMISSIONS.updateGlAccount,
      async carryOut(tx, input, maker, now) {
        const { id, payload } = input as GlAccountUpdateInput;
        glAccountDone(await updateGlAccount(tx, id, payload, now, maker), payload.name);
      },
    },
  ],
  [
    'account-mapping.create',
    {
      kind: 'account-mapping',
      permission: PERMISSIONS.createAccountMapping,
      async carryOut(tx, input, maker, now) {
        const result = await createAccountMappings(tx, input as AccountMappingItemPayload[], now, maker);
        if (!result.ok) {
          const fields = result.problems.map((p) => `[${p.index}].${p.field}: ${p.problem}`).join('; ');
          throw new ApiError(400, `The account mappings can no longer be created (${fields})`);
        }
      },
    },
  ],
  [
    'journal.create',
    {
      kind: 'manual-journal',
      permission: PERMISSIONS.createJournalEntry,
      async carryOut(tx, input, maker, now) {
        const { body, maker_email } = input as ManualJournalApprovalInput;
        await createManualJournal(tx, body, { ...maker, email: maker_email }, { now });
      },
    },
  ],
  [
    'period.reopen',
    {
      kind: 'period-reopen',
      permission: PERMISSIONS.reopenPeriod,
      async carryOut(tx, input, maker, now) {
        const { body, maker_email } = input as PeriodReopenApprovalInput;
        await reopenPeriod(tx, body, { ...maker, email: maker_email }, { now });
      },
    },
  ],
  [
    'refund.create',
    {
      kind: 'refund',
      permission: PERMISSIONS.refundTransaction,
      async carryOut(tx, input, maker, now) {
        const { payment_id, amount, reason, maker_email } = input as RefundApprovalInput;
        await createRefund(
          tx,
          { paymentId: payment_id, amount, reason },
          { ...maker, email: maker_email },
          { now },
        );
      },
    },
  ],
]);

/**
 * Adds an action the gate covers (manual journals, period reopening, refunds): their services
 * register here, so an approved request runs the same function a direct call would.
 */
export function registerApprovalAction(action: string, definition: ApprovalAction): void {
  ACTIONS.set(action, definition);
}

/** The kinds whose action permission `claims` hold: what this person could decide. */
export function decidableKinds(claims: Pick<TokenClaims, 'resource_access'>): ApprovalKind[] {
  if (!hasPermission(claims.resource_access, PERMISSIONS.decideApproval)) return [];
  const kinds = new Set<ApprovalKind>();
  for (const action of ACTIONS.values()) {
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
  if (!ACTIONS.has(request.action)) throw new Error(`No approval action ${request.action}`);
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

// ---------------------------------------------------------------------------------------------
// The decision

export async function decideApproval(
  db: Database,
  id: string,
  { command, reason }: ApprovalDecisionPayload,
  { claims, address, now }: RequestContext,
): Promise<ApprovalRequest | undefined> {
  const checker = actorOf(claims);
  return db.transaction(async (tx) => {
    const row = await lockApprovalRequest(tx, id);
    if (!row) return undefined;
    if (row.requestedById === checker.id) throw new ApiError(403, APPROVAL_MESSAGES.ownRequest);
    if (row.status !== 'PENDING') throw new ApiError(409, APPROVAL_MESSAGES.alreadyDecided);
    const action = ACTIONS.get(row.action);
    if (!action) throw new Error(`No approval action ${row.action}`);
    if (!hasPermission(claims.resource_access, action.permission)) {
      throw new ApiError(403, APPROVAL_MESSAGES.actionPermission);
    }

    let outcome: Parameters<typeof settleApprovalRequest>[2];
    if (command === 'reject') {
      outcome = { status: 'REJECTED', reason: reason ?? null, failure: null };
    } else {
      const maker = { id: row.requestedById, name: row.requestedByName };
      try {
        // The action's changes are the maker's (their change history, their journal); the checker
        // is recorded on the request and in the audit trail.
        await tx.transaction((savepoint) => action.carryOut(savepoint, row.input, maker, now));
        outcome = { status: 'APPROVED', reason: null, failure: null };
      } catch (error) {
        // Rolled back to the savepoint: nothing of the action stays, the request records why.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        outcome = { status: 'FAILED', reason: null, failure: error.message };
      }
    }
    const settled = await settleApprovalRequest(tx, id, outcome, checker, now);
    if (!settled) throw new ApiError(409, APPROVAL_MESSAGES.alreadyDecided);
    await recordAudit(tx, {
      actor: auditActor(claims),
      action: 'approval.decide',
      resource: { type: 'approval', id },
      before: { status: 'PENDING' },
      after: {
        status: settled.status,
        action: settled.action,
        reason: settled.reason,
        failure: settled.failure,
      },
      address,
      at: now,
      outcome: settled.status === 'FAILED' ? 'failure' : 'success',
    });
    await publishLiveEvent(tx, { kind: 'approval', id });
    return toApprovalRequest(settled);
  });
}
