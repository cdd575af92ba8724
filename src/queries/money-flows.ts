/**
 * Refunds and chargebacks (issue 22): a payment's refunds, the chargeback list and detail, and the
 * three writes. Each write posts journals and moves a gateway balance (docs/ledger.md), so besides
 * its own keys the transactions, journal entries, Dashboard figures and gateway accounts go stale.
 */
import {
  type DisputeDecisionPayloadInput,
  type DisputePayloadInput,
  disputePageSchema,
  disputeSchema,
} from '@contract/dispute';
import { paymentRefundsSchema, type RefundPayloadInput, refundSchema } from '@contract/refund';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { dashboardQueries } from '@/queries/dashboard';
import { gatewayAccountQueries } from '@/queries/gateway-accounts';
import { journalEntryQueries } from '@/queries/journal-entries';
import { transactionQueries } from '@/queries/transactions';
import {
  type Invalidation,
  itemPath,
  LIST_STALE_MS,
  listQuery,
  orApprovalRequest,
  resourceKeys,
  useToastMutation,
} from './resource';

export const MONEY_FLOW_SUCCESS = {
  refunded: 'Refund made',
  opened: 'Chargeback opened',
  decided: 'Chargeback decided',
} as const;

const refundKeys = resourceKeys('refunds');

export const refundQueries = {
  ...refundKeys,
  /** `GET transactions/{id}/refunds`: what was refunded and what is left of a payment. */
  ofTransaction: (id: string) =>
    queryOptions({
      queryKey: [...refundKeys.details(), id] as const,
      queryFn: ({ signal }) =>
        fetchData(`${itemPath('transactions', id)}/refunds`, paymentRefundsSchema, {
          signal,
          toastErrors: false,
        }),
      staleTime: LIST_STALE_MS,
    }),
};

export interface DisputeListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: 'open' | 'won' | 'lost' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const disputeKeys = resourceKeys('disputes');

export const disputeQueries = {
  ...disputeKeys,
  list: (params: DisputeListParams) =>
    listQuery(
      [
        ...disputeKeys.lists(),
        {
          page: params.page,
          limit: params.limit,
          search: params.search ?? '',
          status: params.status ?? '',
          from: params.from ?? '',
          to: params.to ?? '',
          sort: params.sort ?? '',
        },
      ] as const,
      (signal) =>
        fetchData('disputes', disputePageSchema, {
          signal,
          toastErrors: false,
          searchParams: {
            page: params.page,
            limit: params.limit,
            search_term: params.search,
            status: params.status,
            from: params.from,
            to: params.to,
            sort: params.sort,
          },
        }),
    ),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...disputeKeys.details(), id] as const,
      queryFn: ({ signal }) =>
        fetchData(itemPath('disputes', id), disputeSchema, { signal, toastErrors: false }),
      staleTime: LIST_STALE_MS,
    }),
};

/** What a refund or a chargeback's stage makes stale: everything that shows the money moving. */
export const afterMoneyFlow = (): Invalidation[] => [
  refundKeys.all(),
  disputeKeys.all(),
  transactionQueries.all(),
  journalEntryQueries.all(),
  dashboardQueries.summaries(),
  gatewayAccountQueries.all(),
];

export function useCreateRefund() {
  return useToastMutation({
    mutationFn: ({ paymentId, payload }: { paymentId: string; payload: RefundPayloadInput }) =>
      fetchData(`${itemPath('transactions', paymentId)}/refunds`, orApprovalRequest(refundSchema), {
        method: 'POST',
        json: payload,
      }),
    success: MONEY_FLOW_SUCCESS.refunded,
    // Above its currency's approval threshold, the refund waits for a second person (202).
    approvable: true,
    invalidate: () => [...afterMoneyFlow(), dashboardQueries.waitingKey()],
  });
}

export function useOpenDispute() {
  return useToastMutation({
    mutationFn: (payload: DisputePayloadInput) =>
      fetchData('disputes', disputeSchema, { method: 'POST', json: payload }),
    success: MONEY_FLOW_SUCCESS.opened,
    invalidate: afterMoneyFlow,
  });
}

export function useDecideDispute() {
  return useToastMutation({
    mutationFn: ({ id, payload }: { id: string; payload: DisputeDecisionPayloadInput }) =>
      fetchData(`${itemPath('disputes', id)}/decision`, disputeSchema, { method: 'POST', json: payload }),
    success: MONEY_FLOW_SUCCESS.decided,
    invalidate: afterMoneyFlow,
  });
}
