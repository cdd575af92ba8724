import {
  type EnsureQueryDataOptions,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListPageLayout } from '@/components/list-page-layout';
import { ListSkeleton } from '@/components/list-state';
import { afterNextPaint } from './after-paint';

/**
 * The loaders of the list and detail routes (decision 005). A route is
 * entered (or preloaded) with its data in the cache; a change that keeps it on screen (paging,
 * searching, filtering, a tab: `cause === 'stay'`) does not hold the navigation, the component's
 * query fetches while the previous page stays on screen. A failure is not thrown to the route's
 * error boundary: the screen shows its own error with Retry ('Failed to load resources', spec §2).
 */

/** What a loader receives that these loaders read (a part of TanStack Router's loader context). */
interface LoaderArgs<TParams, TDeps> {
  context: { queryClient: QueryClient };
  params: TParams;
  deps: TDeps;
  cause: 'preload' | 'enter' | 'stay';
}

export interface Warm<TParams, TDeps> {
  queryClient: QueryClient;
  /** The path params (`{ id }` on a detail route). */
  params: TParams;
  deps: TDeps;
}

/**
 * A loader that runs `warm` (prefetches, `ensureQueryData`) when the route is entered or preloaded.
 * Name the params (and deps) as type arguments: `warmOnEnter<{ id: string }>(({ queryClient, params }) => …)`.
 */
export function warmOnEnter<TParams = unknown, TDeps = unknown>(
  warm: (args: Warm<TParams, TDeps>) => unknown,
) {
  return async ({ context, params, deps, cause }: LoaderArgs<TParams, TDeps>): Promise<void> => {
    if (cause === 'stay') return;
    try {
      await warm({ queryClient: context.queryClient, deps, params });
    } catch {
      // The screen shows its own error view with Retry.
    }
  };
}

/**
 * A list route's loader: `ensureQueryData` of the list's options for the route's loader deps, the
 * same options its component reads with `useQuery` (so the key is built once, in src/queries).
 */
export function listLoader<TDeps, TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  list: (deps: TDeps) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  const warm = warmOnEnter<unknown, TDeps>(({ queryClient, deps }) =>
    queryClient.ensureQueryData(list(deps)),
  );
  return (args: LoaderArgs<unknown, TDeps>): Promise<void> => {
    // A new page, filter or sort of the screen shown: its request starts with the navigation,
    // not after the screen has rendered again with the previous rows (decision 049). Not awaited:
    // the previous rows stay on screen meanwhile; a failure is the screen's query's to show.
    if (args.cause === 'stay') void args.context.queryClient.ensureQueryData(list(args.deps)).catch(() => {});
    return warm(args);
  };
}

export interface ListPendingOptions {
  title: string;
  /** The table's column count, so the skeleton has the table's shape. */
  columns: number;
  /** The page has a filter panel on the left (Merchants, Transactions). */
  withSide?: boolean;
  /** The page has an action beside its title (an Add button). */
  withAction?: boolean;
}

/** A list route's pending component: its frame and title over a skeleton of its table. */
export function listPending({ title, columns, withSide = false, withAction = false }: ListPendingOptions) {
  return function ListPending() {
    return (
      <ListPageLayout
        title={title}
        side={withSide ? null : undefined}
        action={withAction ? null : undefined}
        toolbar={null}
      >
        <ListSkeleton columns={columns} />
      </ListPageLayout>
    );
  };
}

/** What a paged list's answer says of its pages (the §7 page envelope). */
interface Paged {
  total_pages: number;
}

/** What a list warms beside each prefetched page's data. */
export interface NeighbourWarmth<TData> {
  /**
   * Called with each prefetched neighbour's answer, to load what its rows will show (the
   * merchants' logos, decision 061), so the page paints whole when opened. A module-level function.
   */
  warm?: ((data: TData) => void) | undefined;
}

/**
 * Warms the pages either side of the one shown, so Next paints from the cache, and Previous too
 * when a deep page was opened from a link. It waits while the previous page is still on screen:
 * until the new answer arrives, its page count is not known.
 */
export function usePrefetchNeighbours<
  TParams extends { page: number },
  TQueryFnData,
  TError,
  TData,
  TQueryKey extends QueryKey,
>(
  list: (params: TParams) => FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  params: TParams,
  shown: { data: Paged | undefined; isPlaceholderData: boolean },
  { warm }: NeighbourWarmth<TData> = {},
): void {
  const queryClient = useQueryClient();
  const totalPages = shown.data?.total_pages;
  const waiting = shown.isPlaceholderData || totalPages === undefined;
  // Keyed on the params' text: the router hands a new object on each render of the same search.
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `params`; `list` and `warm` are module-level
  useEffect(() => {
    if (waiting) return;
    const { page } = params;
    // `fetchQuery` answers from the cache while the page is fresh, so a page warmed once is not
    // fetched again; a failure is the page's own query's to show when it is opened.
    const prefetch = (options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>) =>
      warm
        ? void queryClient.fetchQuery(options).then(warm, () => {})
        : void queryClient.prefetchQuery(options);
    // After the frame that shows this page: an effect of a click's render runs before the browser
    // paints, and building and sending the neighbours' requests (and the cache's notices of them)
    // would hold that frame back.
    return afterNextPaint(() => {
      if (page < totalPages) prefetch(list({ ...params, page: page + 1 }));
      if (page > 1) prefetch(list({ ...params, page: page - 1 }));
    });
  }, [queryClient, key, totalPages, waiting]);
}

/**
 * A list route's query: the same options its loader warmed (no second request after a failed
 * load: the screen shows its own error with Retry), and its neighbouring pages prefetched.
 */
export function useListQuery<
  TParams extends { page: number },
  TQueryFnData extends Paged,
  TError,
  TQueryKey extends QueryKey,
>(
  list: (
    params: TParams,
  ) => UseQueryOptions<TQueryFnData, TError, TQueryFnData, TQueryKey> &
    FetchQueryOptions<TQueryFnData, TError, TQueryFnData, TQueryKey>,
  params: TParams,
  warmth?: NeighbourWarmth<TQueryFnData>,
): UseQueryResult<TQueryFnData, TError> {
  const query = useQuery({ ...list(params), retryOnMount: false });
  usePrefetchNeighbours(list, params, query, warmth);
  return query;
}
