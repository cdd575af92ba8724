/**
 * Bulk payout decisions (ours, issue 24, decision 045): approve or reject many pending payouts in
 * one call, each decided exactly as if alone (its state, the approval rule of decision 039), each
 * in its own database transaction; the answer says per payout what happened.
 */
import * as v from 'valibot';
import { plainText } from './common';
import { payloadObject } from './fields';
import { PAYOUT_COMMANDS, transactionExportQuerySchema } from './transaction';

/** The most payouts one call decides: a selection, or what the filters match. */
export const BULK_DECISION_MAX = 500;

const REASON_MAX = 500;

export const BULK_DECISION_MESSAGES = {
  command: `command must be one of: ${PAYOUT_COMMANDS.join(', ')}`,
  idsOrFilter: 'Send either ids (the selected payouts) or filter (all that match), not both',
  ids: 'ids must be a list of payout ids',
  id: 'Each id must be a UUID',
  idsEmpty: 'Select at least one payout',
  idsTooMany: `At most ${BULK_DECISION_MAX} payouts can be decided at once`,
  filterTooMany: (count: number) =>
    `${count} payouts match the filters; at most ${BULK_DECISION_MAX} can be decided at once. Narrow the filters.`,
  reasonRequired: 'Give a reason for rejecting the payouts',
  reasonTooLong: `The reason is at most ${REASON_MAX} characters`,
} as const;

const idList = v.pipe(
  v.array(
    v.pipe(v.string(BULK_DECISION_MESSAGES.id), v.uuid(BULK_DECISION_MESSAGES.id)),
    BULK_DECISION_MESSAGES.ids,
  ),
  v.minLength(1, BULK_DECISION_MESSAGES.idsEmpty),
  v.maxLength(BULK_DECISION_MAX, BULK_DECISION_MESSAGES.idsTooMany),
  // One payout named twice is decided once.
  v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

/**
 * `POST payouts/bulk-decision`: the command, a reason (required to reject; kept in the audit
 * trail), and the payouts: `ids` of the selection, or `filter`, the Payouts list's filters (as its
 * query names them: search_term, from, to, amount_min, ...), meaning every pending payout they
 * match. The status is always pending payouts, whatever `filter.status` says.
 */
export const bulkDecisionPayloadSchema = v.pipe(
  payloadObject({
    command: v.picklist(PAYOUT_COMMANDS, BULK_DECISION_MESSAGES.command),
    reason: v.optional(
      v.nullable(
        v.pipe(
          v.string(BULK_DECISION_MESSAGES.reasonRequired),
          v.trim(),
          plainText<string>('Reason', { multiLine: true }),
          v.maxLength(REASON_MAX, BULK_DECISION_MESSAGES.reasonTooLong),
        ),
      ),
    ),
    ids: v.optional(idList),
    filter: v.optional(transactionExportQuerySchema),
  }),
  v.forward(
    v.check((d) => d.command !== 'reject' || (d.reason ?? '') !== '', BULK_DECISION_MESSAGES.reasonRequired),
    ['reason'],
  ),
  v.forward(
    v.check((d) => (d.ids === undefined) !== (d.filter === undefined), BULK_DECISION_MESSAGES.idsOrFilter),
    ['ids'],
  ),
);
export type BulkDecisionPayload = v.InferOutput<typeof bulkDecisionPayloadSchema>;
export type BulkDecisionInput = v.InferInput<typeof bulkDecisionPayloadSchema>;

/** What became of one payout: decided at once, a pending approval request, or refused (why). */
export const BULK_OUTCOMES = ['approved', 'rejected', 'sent-for-approval', 'refused'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkDecisionResultSchema = v.object({
  id: v.string(),
  /** The payout's reference; null for an id that names no transaction. */
  reference: v.nullable(v.string()),
  outcome: v.picklist(BULK_OUTCOMES),
  /** Why it was refused (the message the single decision would answer); null otherwise. */
  message: v.nullable(v.string()),
  /** The pending request's id when sent for approval. */
  approval_request_id: v.nullable(v.string()),
});
export type BulkDecisionResult = v.InferOutput<typeof bulkDecisionResultSchema>;

export const bulkDecisionSchema = v.object({
  command: v.picklist(PAYOUT_COMMANDS),
  /** In the order the ids were sent (or the list's order, for a filter). */
  results: v.array(bulkDecisionResultSchema),
  counts: v.object({
    approved: v.number(),
    rejected: v.number(),
    sent_for_approval: v.number(),
    refused: v.number(),
  }),
});
export type BulkDecision = v.InferOutput<typeof bulkDecisionSchema>;

/** The counts of an answer's results. */
export function countOutcomes(
  results: readonly Pick<BulkDecisionResult, 'outcome'>[],
): BulkDecision['counts'] {
  const count = (outcome: BulkOutcome) => results.filter((r) => r.outcome === outcome).length;
  return {
    approved: count('approved'),
    rejected: count('rejected'),
    sent_for_approval: count('sent-for-approval'),
    refused: count('refused'),
  };
}
