import { sortText, TRANSACTION_SORT_DEFAULT } from '@contract/list-sort';
import {
  type PayoutCommand,
  TRANSACTION_FILTER_OPTIONS,
  type TransactionFilterOption,
  transactionDetailSchema,
  transactionPageSchema,
} from '@contract/transaction';
import { queryOptions } from '@tanstack/react-query';
import { api, cleanSearchParams, fetchData } from '@/lib/api';
import { HTTP_ERRORS, SUCCESS } from '@/lib/copy';
import { ApiError, messageForStatus } from '@/lib/errors';
import { clearSession } from '@/lib/session';
import { dashboardQueries } from '@/queries/dashboard';
import { gatewayAccountQueries } from '@/queries/gateway-accounts';
import { journalEntryQueries } from '@/queries/journal-entries';
import {
  isConflict,
  itemPath,
  LIST_STALE_MS,
  listQuery,
  orApprovalRequest,
  resourceKeys,
  useToastMutation,
} from './resource';

/** The `status` search param of the Transactions screen (spec §2 order); 'all' sends no status. */
export const TRANSACTION_FILTERS = TRANSACTION_FILTER_OPTIONS;
export type TransactionFilter = TransactionFilterOption;

export interface TransactionListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** An exact transaction reference (spec §2 `?reference=`); takes the place of `search` (spec §7 searchBy). */
  reference?: string | undefined;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** One of spec §2's filters, or several statuses as a comma list (`pending,failed`, issue 24). */
  status: TransactionFilter | TransactionStatusList;
  /** Issue 24: the order (`amount.desc`; absent is newest first) and the richer filters. */
  sort?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  currency?: string | undefined;
  paymentMethod?: string | undefined;
  merchant?: string | undefined;
}

/** Several status filter values, comma separated (validated by the route's search schema). */
export type TransactionStatusList = string & {};

/** The filters without paging: what the CSV export takes. */
export type TransactionFilterParams = Omit<TransactionListParams, 'page' | 'limit'>;

/**
 * The list's query string: 'all' sends no status, the search goes as `search_term`. Spec §7's
 * searchBy is search_term or reference, and the server refuses both, so a reference wins.
 */
export function filterSearchParams({
  search,
  reference,
  from,
  to,
  status,
  ...more
}: TransactionFilterParams) {
  return {
    search_term: reference ? undefined : search,
    reference,
    from,
    to,
    status: status === 'all' ? undefined : status,
    amount_min: more.amountMin,
    amount_max: more.amountMax,
    currency: more.currency,
    payment_method: more.paymentMethod,
    merchantId: more.merchant,
  };
}

/** The default order (newest first) is not sent: the URL and the request stay as they were before sorting. */
function sortSent(sort: string | undefined): string | undefined {
  return sort === sortText(TRANSACTION_SORT_DEFAULT) ? undefined : sort;
}

/** `GET transactions`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchTransactions(
  { page, limit, sort, ...filters }: TransactionListParams,
  signal?: AbortSignal,
) {
  return fetchData('transactions', transactionPageSchema, {
    searchParams: { page, limit, sort: sortSent(sort), ...filterSearchParams(filters) },
    signal,
    toastErrors: false,
  });
}

/** `GET transactions/{id}`: the detail drawer shows its own error, so nothing is toasted. */
export function fetchTransaction(id: string, signal?: AbortSignal) {
  return fetchData(itemPath('transactions', id), transactionDetailSchema, {
    signal,
    toastErrors: false,
  });
}

/** Every `GET transactions` query (Transactions and Payouts screens) and the single transaction. */
export const transactionQueries = {
  ...resourceKeys('transactions'),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...transactionQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchTransaction(id, signal),
      staleTime: LIST_STALE_MS,
    }),
  list: (params: TransactionListParams) =>
    listQuery(
      [
        ...transactionQueries.lists(),
        {
          page: params.page,
          limit: params.limit,
          search: params.search ?? '',
          reference: params.reference ?? '',
          from: params.from ?? '',
          to: params.to ?? '',
          status: params.status,
          sort: sortSent(params.sort) ?? '',
          amountMin: params.amountMin ?? '',
          amountMax: params.amountMax ?? '',
          currency: params.currency ?? '',
          paymentMethod: params.paymentMethod ?? '',
          merchant: params.merchant ?? '',
        },
      ] as const,
      (signal) => fetchTransactions(params, signal),
    ),
};

/**
 * `POST payout/transactions/{id}?command=`: the updated transaction, or (202) the pending approval
 * request when an approval rule covers the payout (decision 039).
 */
export function decidePayout(id: string, command: PayoutCommand) {
  return fetchData(itemPath('payout/transactions', id), orApprovalRequest(transactionDetailSchema), {
    method: 'POST',
    searchParams: { command },
  });
}

const PAYOUT_SUCCESS: Readonly<Record<PayoutCommand, string>> = {
  approve: SUCCESS.payoutApproved,
  reject: SUCCESS.payoutRejected,
};

/**
 * A decision posts journals and moves a gateway account's balance (docs/ledger.md), so besides the
 * transaction lists the journal entries and their totals, the Dashboard's figures, the bell's count
 * and the gateway accounts are stale.
 */
export const afterDecision = () => [
  transactionQueries.lists(),
  journalEntryQueries.all(),
  dashboardQueries.summaries(),
  dashboardQueries.waitingKey(),
  gatewayAccountQueries.all(),
];

/**
 * Approve or reject a payout request (spec §4; reject: docs/spec-deviations.md 1). Success toasts
 * and refetches the lists, so the decided row leaves the Payouts list; a 409 (decided elsewhere) is
 * toasted by fetchData with the server's message and the lists are refetched too.
 */
export function usePayoutDecisionMutation() {
  return useToastMutation({
    mutationFn: ({ id, command }: { id: string; command: PayoutCommand }) => decidePayout(id, command),
    success: ({ command }) => PAYOUT_SUCCESS[command],
    approvable: true,
    invalidate: afterDecision,
    onError: (error, _vars, refresh) => {
      // Decided elsewhere: that decision moved the ledger as well.
      if (isConflict(error)) void refresh();
    },
  });
}

/** `filename*=UTF-8''…` (RFC 6266) before the ASCII `filename="…"`; undefined when neither is there. */
export function fileNameOf(contentDisposition: string | null): string | undefined {
  if (!contentDisposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(contentDisposition)?.[1] ?? undefined;
}

export const EXPORT_FALLBACK_FILE_NAME = 'transactions.csv';

/**
 * `GET transactions/export` with the screen's filters: the whole filtered result as CSV. Through the
 * one API client, so the bearer token goes with it; the file is not an envelope, so the status is
 * handled here the way fetchData handles it. Throws ApiError with the spec §8 text.
 */
export async function fetchTransactionsCsv(
  filters: TransactionFilterParams,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await api('transactions/export', {
      searchParams: cleanSearchParams(filterSearchParams(filters)),
      // A large export may take longer than a list call; the server streams it.
      timeout: false,
    });
  } catch {
    throw new ApiError(0, HTTP_ERRORS.network);
  }
  if (!response.ok) {
    let serverMessage: string | null = null;
    try {
      const body = (await response.json()) as { errorMessage?: unknown };
      if (typeof body.errorMessage === 'string' && body.errorMessage.trim() !== '')
        serverMessage = body.errorMessage;
    } catch {
      // Not an envelope (a proxy's page): the status alone decides the text.
    }
    if (response.status === 401) clearSession();
    throw new ApiError(response.status, messageForStatus(response.status, serverMessage), serverMessage);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? EXPORT_FALLBACK_FILE_NAME,
  };
}
