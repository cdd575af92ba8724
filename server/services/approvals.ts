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

import { APPROVAL_MESSAGES, type ApprovalDecisionPayload, type ApprovalRequest } from '@contract/approval';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { hasPermission } from '@contract/permissions';
import { type Actor, actorOf } from '../auth/actor';
import type { Database, Transaction } from '../db/connect';
import { createAccountMappings } from '../db/queries/account-mappings';
import { lockApprovalRequest, settleApprovalRequest, toApprovalRequest } from '../db/queries/approvals';
import { createGlAccount, type GlAccountWrite, updateGlAccount } from '../db/queries/gl-accounts';
import { ApiError } from '../http/envelope';
import { reopenPeriod } from './accounting-period';
import {
  APPROVAL_ACTIONS,
  type ApprovalActionName,
  type ApprovalInputs,
  isApprovalAction,
  type RequestContext,
} from './approval-requests';
import { auditActor, recordAudit } from './audit-log';
import { publishLiveEvent } from './live-events';
import { createManualJournal } from './manual-journal';
import { decidePayout } from './payout-decision';
import { createRefund } from './refund';

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

/**
 * How each approved action is carried out: the action's own service function, in `tx`, with the
 * input its request stored. Throws ApiError (4xx) when the action can no longer be carried out; the
 * request is then FAILED.
 */
const CARRY_OUT: {
  readonly [Name in ApprovalActionName]: (
    tx: Transaction,
    input: ApprovalInputs[Name],
    maker: Actor,
    now: Date,
  ) => Promise<void>;
} = {
  async 'payout.approve'(tx, { payout_id }, maker, now) {
    // A Transaction is a Database whose .transaction() is a savepoint: the decision nests.
    if (!(await decidePayout(tx, payout_id, 'approve', now, maker))) {
      throw new ApiError(409, API_ERRORS.payoutNotPending);
    }
  },
  async 'gl-account.create'(tx, payload, maker, now) {
    glAccountDone(await createGlAccount(tx, payload, now, maker), payload.name);
  },
  async 'gl-account.update'(tx, { id, payload }, maker, now) {
    glAccountDone(await updateGlAccount(tx, id, payload, now, maker), payload.name);
  },
  async 'account-mapping.create'(tx, items, maker, now) {
    const result = await createAccountMappings(tx, items, now, maker);
    if (!result.ok) {
      const fields = result.problems.map((p) => `[${p.index}].${p.field}: ${p.problem}`).join('; ');
      throw new ApiError(400, `The account mappings can no longer be created (${fields})`);
    }
  },
  async 'journal.create'(tx, { body, maker_email }, maker, now) {
    await createManualJournal(tx, body, { ...maker, email: maker_email }, { now });
  },
  async 'period.reopen'(tx, { body, maker_email }, maker, now) {
    await reopenPeriod(tx, body, { ...maker, email: maker_email }, { now });
  },
  async 'refund.create'(tx, { payment_id, amount, reason, maker_email }, maker, now) {
    await createRefund(
      tx,
      { paymentId: payment_id, amount, reason },
      { ...maker, email: maker_email },
      { now },
    );
  },
};

/** Carries out an approved request's action with the input it stored when it was asked. */
function carryOut<Name extends ApprovalActionName>(
  name: Name,
  tx: Transaction,
  input: unknown,
  maker: Actor,
  now: Date,
): Promise<void> {
  // The input was stored by the gate that asked for this very action (approval-gates.ts).
  return CARRY_OUT[name](tx, input as ApprovalInputs[Name], maker, now);
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
    const name = row.action;
    if (!isApprovalAction(name)) throw new Error(`No approval action ${name}`);
    if (!hasPermission(claims.resource_access, APPROVAL_ACTIONS[name].permission)) {
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
        await tx.transaction((savepoint) => carryOut(name, savepoint, row.input, maker, now));
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
