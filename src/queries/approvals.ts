/**
 * Four-eyes approvals (decision 039): the rule set, the inbox and its decisions. How the console
 * tells a covered action's 202 (a pending request) from an action done at once is the shared
 * mutation's `approvable` option (src/queries/resource.ts, decision 045).
 */
import {
  type ApprovalCommand,
  type ApprovalRulesInput,
  type ApprovalStatus,
  approvalRequestSchema,
  approvalRulesSchema,
} from '@contract/approval';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { dashboardQueries } from './dashboard';
import { exact, resource, resourceKeys, useToastMutation } from './resource';

export interface ApprovalListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ApprovalStatus | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const approvals = resource({
  base: 'approvals',
  schema: approvalRequestSchema,
  listKey: ({ page, limit, search, status, sort }: ApprovalListParams) => ({
    page,
    limit,
    search: search ?? '',
    status: status ?? '',
    sort: sort ?? '',
  }),
  searchParams: ({ page, limit, search, status, sort }: ApprovalListParams) => ({
    page,
    limit,
    search_term: search,
    status,
    sort,
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

export const APPROVAL_SUCCESS = {
  rulesSaved: 'Approval rules saved',
  approved: 'Request approved',
  rejected: 'Request rejected',
  failed: 'Approved, but the action could not be carried out',
} as const;

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
