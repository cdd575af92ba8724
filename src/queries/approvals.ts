/**
 * Four-eyes approvals (decision 039): the rule set, the inbox and its decisions, and how the
 * console tells a covered action's 202 (a pending request) from an action done at once.
 */
import {
  type ApprovalCommand,
  type ApprovalRequest,
  type ApprovalRulesInput,
  type ApprovalStatus,
  approvalRequestSchema,
  approvalRulesSchema,
} from '@contract/approval';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchData } from '@/lib/api';
import { dashboardQueries } from './dashboard';
import { exact, resource, resourceKeys, useToastMutation } from './resource';

export interface ApprovalListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ApprovalStatus | undefined;
}

const approvals = resource({
  base: 'approvals',
  schema: approvalRequestSchema,
  listKey: ({ page, limit, search, status }: ApprovalListParams) => ({
    page,
    limit,
    search: search ?? '',
    status: status ?? '',
  }),
  searchParams: ({ page, limit, search, status }: ApprovalListParams) => ({
    page,
    limit,
    search_term: search,
    status,
  }),
});

const ruleKeys = resourceKeys('approval-rules');

export const approvalQueries = {
  ...approvals.queries,
  rules: () =>
    queryOptions({
      queryKey: ruleKeys.all(),
      queryFn: ({ signal }) =>
        fetchData('approval-rules', approvalRulesSchema, { signal, toastErrors: false }),
    }),
};

/** An answer of a covered action: the pending request (202) rather than the thing done. */
export function isApprovalRequest(data: unknown): data is ApprovalRequest {
  return v.is(approvalRequestSchema, data);
}

/** An action's answer schema that may also be its pending approval request (202). */
export function orApprovalRequest<S extends v.GenericSchema>(schema: S) {
  return v.union([approvalRequestSchema, schema]);
}

export const APPROVAL_SUCCESS = {
  rulesSaved: 'Approval rules saved',
  approved: 'Request approved',
  rejected: 'Request rejected',
  failed: 'Approved, but the action could not be carried out',
  sentForApproval: (summary: string) => `Sent for approval: ${summary}. A second person must approve it.`,
} as const;

/** The notice of a 202, for `useToastMutation`'s `accepted`. */
export const sentForApproval = (data: unknown) =>
  isApprovalRequest(data) ? APPROVAL_SUCCESS.sentForApproval(data.summary) : null;

export function useUpdateApprovalRules() {
  return useToastMutation({
    mutationFn: (payload: ApprovalRulesInput) =>
      fetchData('approval-rules', approvalRulesSchema, { method: 'PUT', json: payload }),
    success: APPROVAL_SUCCESS.rulesSaved,
    invalidate: () => [ruleKeys.all()],
  });
}

export interface ApprovalDecision {
  id: string;
  command: ApprovalCommand;
  reason?: string;
}

/**
 * Approve or reject. An approval carries the action out, so whatever it touches may be stale too:
 * every list and the bell are refetched (the action's own keys are not known here).
 */
export function useDecideApproval() {
  return useToastMutation({
    mutationFn: ({ id, command, reason }: ApprovalDecision) =>
      fetchData(`${approvals.path(id)}/decision`, approvalRequestSchema, {
        method: 'POST',
        json: { command, reason: reason ?? null },
      }),
    success: ({ command }) => (command === 'approve' ? APPROVAL_SUCCESS.approved : APPROVAL_SUCCESS.rejected),
    accepted: (data) =>
      data.status === 'FAILED' ? `${APPROVAL_SUCCESS.failed}: ${data.failure ?? ''}` : null,
    invalidate: ({ id }) => [
      approvals.queries.lists(),
      exact(approvals.queries.detail(id).queryKey),
      dashboardQueries.waitingKey(),
      // What the approved action changed: payouts, GL accounts, mappings, journals.
      ['transactions'],
      ['gl-accounts'],
      ['account-mappings'],
      ['journal-entries'],
      ['dashboard'],
      ['gateway-accounts'],
    ],
    onError: (_error, _vars, refresh) => void refresh(),
  });
}
