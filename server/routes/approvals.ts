/**
 * Four-eyes approvals (ours, issue 23, decision 039): the rule set, the inbox and the decision. The
 * gate itself (an action that becomes a request) sits in each covered action's service entry
 * (`submit…`, decision 045, server/services/approval-gates.ts); its 202 answer is `answerAccepted`.
 */
import { APPROVAL_MESSAGES, type ApprovalRequest } from '@contract/approval';
import { API_ERRORS } from '@contract/messages';
import { approvalOperations } from '@contract/operations/approvals';
import type { Context } from 'hono';
import {
  findApprovalRequest,
  listApprovalRequests,
  readApprovalRules,
  replaceApprovalRules,
  unknownCurrencies,
} from '../db/queries/approvals';
import { ApiError, ok } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { decideApproval } from '../services/approvals';
import { auditActor, recordAudit, requestAddress } from '../services/audit-log';
import { found, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Approval request');

/** 202 Accepted with the pending request: the covered action waits for a second person. */
export function answerAccepted(c: Context, request: ApprovalRequest): Response {
  return ok(c, request, 202);
}

export function approvalRoutes({ db, clock }: RouteDeps) {
  return [
    handle(approvalOperations.rules, () => readApprovalRules(db)),

    handle(approvalOperations.updateRules, async ({ c, body, claims }) => {
      for (const field of ['payout_thresholds', 'refund_thresholds'] as const) {
        const unknown = await unknownCurrencies(
          db,
          body[field].map((t) => t.currency),
        );
        const index = body[field].findIndex((t) => unknown.has(t.currency));
        const entry = body[field][index];
        if (entry) {
          throw new ApiError(
            400,
            `${field}.${index}.currency: ${APPROVAL_MESSAGES.unknownCurrency(entry.currency)}`,
          );
        }
      }
      return db.transaction(async (tx) => {
        const before = await readApprovalRules(tx);
        await replaceApprovalRules(tx, body);
        const after = await readApprovalRules(tx);
        await recordAudit(tx, {
          actor: auditActor(claims),
          action: 'approval-rules.update',
          resource: { type: 'approval-rules', id: null },
          before,
          after,
          address: requestAddress(c),
          at: clock(),
        });
        return after;
      });
    }),

    handle(approvalOperations.list, ({ query }) => pageOf(listApprovalRequests(db, query), query)),

    handle(approvalOperations.detail, ({ params }) => found(findApprovalRequest(db, params.id), NOT_FOUND)),

    handle(approvalOperations.decide, ({ c, params, body, claims }) =>
      found(
        decideApproval(db, params.id, body, { claims, address: requestAddress(c), now: clock() }),
        NOT_FOUND,
      ),
    ),
  ];
}
