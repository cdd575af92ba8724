import type { Permission } from '@contract/permissions';
import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import { listLoader, listPending } from '@/lib/list-route';
import { LIST_SEARCH_DEFAULTS, type ListSearch, listSearchSchema } from '@/lib/search-params';

export interface CatalogueRouteOptions<TQueryFnData, TError, TData, TQueryKey extends QueryKey> {
  /** The permission that opens the screen (the 403 page otherwise). */
  permission: Permission;
  /** The list's query options for the validated search (src/queries). */
  list: (search: ListSearch) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>;
  title: string;
  /** The table's column count, for the pending skeleton. */
  columns: number;
}

/**
 * The route options every catalogue list shares: `?page&limit&search` (bad values fall back to the
 * defaults, which the URL drops), the search as loader deps, a loader that warms the list, and a
 * pending frame with the title and an Add button's place. Spread into `createFileRoute(…)({ … })`.
 */
export function catalogueRoute<TQueryFnData, TError, TData, TQueryKey extends QueryKey>({
  permission,
  list,
  title,
  columns,
}: CatalogueRouteOptions<TQueryFnData, TError, TData, TQueryKey>) {
  return {
    staticData: { permission },
    validateSearch: listSearchSchema,
    search: { middlewares: [stripSearchParams<ListSearch>(LIST_SEARCH_DEFAULTS)] },
    loaderDeps: ({ search }: { search: ListSearch }) => search,
    loader: listLoader(list),
    pendingComponent: listPending({ title, columns, withAction: true }),
  };
}
