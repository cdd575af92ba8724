import { type ApprovalRequest, approvalRequestSchema } from '@contract/approval';
import { pagedSchema } from '@contract/envelope';
import type { ActivationCommand } from '@contract/fields';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchData, type SearchParams } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyNotice, notifySuccess } from '@/lib/notify';

/** An answer of a covered action: the pending request (202) rather than the thing done. */
export function isApprovalRequest(data: unknown): data is ApprovalRequest {
  return v.is(approvalRequestSchema, data);
}

/** An action's answer schema that may also be its pending approval request (202, decision 039). */
export function orApprovalRequest<S extends v.GenericSchema>(schema: S) {
  return v.union([approvalRequestSchema, schema]);
}

export const sentForApprovalText = (summary: string) =>
  `Sent for approval: ${summary}. A second person must approve it.`;

/** The notice of a 202; null for an answer that did the action at once. */
export const sentForApproval = (data: unknown) =>
  isApprovalRequest(data) ? sentForApprovalText(data.summary) : null;

/** The approvals inbox's lists, stale once a covered action has become a request. */
const approvalLists = () => resourceKeys('approvals').lists();

/**
 * What the loader or the next-page prefetch just fetched is not fetched again on mount; mutations
 * invalidate `lists()`, so staff still see their own changes at once.
 */
export const LIST_STALE_MS = 10_000;

/** `<base>/<id>`, the id encoded. */
export const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The bare keys of one resource: `all()`, `lists()`, `details()`, for invalidation by prefix. */
export function resourceKeys<const B extends string>(base: B) {
  const all = () => [base] as const;
  return {
    all,
    lists: () => [...all(), 'list'] as const,
    details: () => [...all(), 'detail'] as const,
  };
}

/**
 * A list's options: the previous page stays on screen (dimmed) while the next loads, no layout
 * jump; fresh for LIST_STALE_MS.
 */
export function listQuery<const K extends QueryKey, T>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });
}

/** The usual list params: a page and an optional search (`search_term` on the wire). */
export interface SearchListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

/** `listKey` and `searchParams` for a list searched by `search_term` alone. */
export const searchList = {
  listKey: ({ page, limit, search, sort }: SearchListParams) => ({
    page,
    limit,
    search: search ?? '',
    sort: sort ?? '',
  }),
  searchParams: ({ page, limit, search, sort }: SearchListParams): SearchParams => ({
    page,
    limit,
    search_term: search,
    sort,
  }),
};

interface ResourceConfig<B extends string, S extends v.GenericSchema, P> {
  /** The API path of the collection, and the first element of every key. */
  base: B;
  /** The contract's schema of one item. */
  schema: S;
  /** The list's key part, normalised so `search: undefined` and a missing search share one entry. */
  listKey: (params: P) => object;
  /** The list's query string (empty values are dropped by fetchData). */
  searchParams: (params: P) => SearchParams;
}

/**
 * One resource's standard reads and writes (spec §7's collection shape):
 * - `queries`: the key factory plus `list(params)` (`GET <base>`) and `detail(id)` (`GET <base>/{id}`).
 *   Reads are not toasted: lists show 'Failed to load resources' with Retry (spec §8), detail pages
 *   their own error.
 * - `create`, `update`, `remove`: `POST <base>`, `PUT <base>/{id}`, `DELETE <base>/{id}`; errors are
 *   toasted with the server's message by fetchData.
 */
export function resource<const B extends string, S extends v.GenericSchema, P>(
  config: ResourceConfig<B, S, P>,
) {
  const { base, schema } = config;
  const pageSchema = pagedSchema(schema);
  const keys = resourceKeys(base);
  const path = (id: string) => itemPath(base, id);
  const queries = {
    ...keys,
    list: (params: P) =>
      listQuery([...keys.lists(), config.listKey(params)] as const, (signal) =>
        fetchData(base, pageSchema, {
          searchParams: config.searchParams(params),
          signal,
          toastErrors: false,
        }),
      ),
    detail: (id: string) =>
      queryOptions({
        queryKey: [...keys.details(), id] as const,
        queryFn: ({ signal }) => fetchData(path(id), schema, { signal, toastErrors: false }),
      }),
  };
  const create = (payload: unknown) => fetchData(base, schema, { method: 'POST', json: payload });
  const update = (id: string, payload: unknown) =>
    fetchData(path(id), schema, { method: 'PUT', json: payload });
  const remove = (id: string) => fetchData(path(id), schema, { method: 'DELETE' });
  return {
    queries,
    path,
    /** `POST <base>`: toasts `success`, refetches the lists. */
    useCreate: <T>(success: string) =>
      useToastMutation({
        mutationFn: (payload: T) => create(payload),
        success,
        invalidate: () => [keys.lists()],
      }),
    /** `PUT <base>/{id}`: toasts `success`, refetches the lists, the detail and what else shows it. */
    useUpdate: <T>(success: string, alsoStale: readonly Invalidation[] = []) =>
      useToastMutation({
        mutationFn: ({ id, payload }: { id: string; payload: T }) => update(id, payload),
        success,
        invalidate: ({ id }) => [keys.lists(), exact(queries.detail(id).queryKey), ...alsoStale],
      }),
    /**
     * `?command=activate|deactivate`: toasts spec §8's 'Successfully Activated' / 'Successfully
     * Deactivated' and refetches the lists and the detail. A 409 (changed elsewhere) refetches too,
     * so the row shows the status that blocked it; `onFailure` adds to fetchData's own handling.
     */
    useActivation: <D>(
      change: (id: string, command: ActivationCommand) => Promise<D>,
      onFailure?: (error: Error, command: ActivationCommand) => void,
    ) =>
      useToastMutation({
        mutationFn: ({ id, command }: { id: string; command: ActivationCommand }) => change(id, command),
        success: ({ command }) => ACTIVATION_SUCCESS[command],
        invalidate: ({ id }) => [keys.lists(), exact(queries.detail(id).queryKey)],
        onError: (error, { command }, refresh) => {
          onFailure?.(error, command);
          if (isConflict(error)) void refresh();
        },
      }),
    /** `DELETE <base>/{id}`: toasts `success`, drops the detail, refetches the lists. */
    useDelete: (success: string) =>
      useToastMutation({
        mutationFn: (id: string) => remove(id),
        success,
        remove: (id) => queries.detail(id).queryKey,
        invalidate: () => [keys.lists()],
      }),
  };
}

/** A key to invalidate by prefix, or `exact(key)` for that entry alone. */
export type Invalidation = QueryKey | { queryKey: QueryKey; exact: true };

export const exact = (queryKey: QueryKey) => ({ queryKey, exact: true as const });

/** Invalidates every target at once (lists, a detail, what shows the changed thing). */
export function invalidate(queryClient: QueryClient, targets: readonly (Invalidation | null)[]) {
  return Promise.all(
    targets.map((target) => {
      if (target === null) return null;
      const filters = Array.isArray(target)
        ? { queryKey: target as QueryKey }
        : (target as ReturnType<typeof exact>);
      return queryClient.invalidateQueries(filters);
    }),
  );
}

interface ToastMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The spec's success toast (spec §8). */
  success: string | ((vars: TVars) => string);
  /**
   * Ours (decisions 039, 045): the action may answer 202 with its pending approval request (its
   * fetch reads the answer with `orApprovalRequest(schema)`). Such an answer toasts 'Sent for
   * approval …' instead of `success` and refreshes the approvals inbox as well.
   */
  approvable?: boolean;
  /** Another notice shown instead of the success toast for some answers; null for the usual one. */
  accepted?: (data: TData) => string | null;
  /** What to refetch after success (no page reload). */
  invalidate: (vars: TVars) => readonly (Invalidation | null)[];
  /** A deleted entry's key, dropped from the cache (exactly) before the refetch. */
  remove?: (vars: TVars) => QueryKey;
  /** Besides fetchData's own toast; `refresh` invalidates what success would. */
  onError?: (error: Error, vars: TVars, refresh: () => Promise<unknown>, queryClient: QueryClient) => void;
}

/**
 * A mutation as every screen has it: success toasts the spec's text and refreshes the resource's
 * keys; failures are toasted by fetchData (or by `onError`).
 */
export function useToastMutation<TData, TVars>(options: ToastMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  const refresh = (vars: TVars) =>
    invalidate(queryClient, [...options.invalidate(vars), options.approvable ? approvalLists() : null]);
  const { onError } = options;
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, vars) => {
      const notice = options.accepted?.(data) ?? (options.approvable ? sentForApproval(data) : null);
      if (notice !== null) notifyNotice(notice);
      else notifySuccess(typeof options.success === 'string' ? options.success : options.success(vars));
      if (options.remove) queryClient.removeQueries({ queryKey: options.remove(vars), exact: true });
      await refresh(vars);
    },
    ...(onError
      ? { onError: (error: Error, vars: TVars) => onError(error, vars, () => refresh(vars), queryClient) }
      : {}),
  });
}

/** Spec §8's toasts for `?command=activate|deactivate` on a catalogue entry. */
export const ACTIVATION_SUCCESS: Readonly<Record<ActivationCommand, string>> = {
  activate: SUCCESS.activated,
  deactivate: SUCCESS.deactivated,
};

/** A 409: someone changed it first; refetching shows the status that blocked it. */
export const isConflict = (error: Error) => isApiError(error) && error.status === 409;
