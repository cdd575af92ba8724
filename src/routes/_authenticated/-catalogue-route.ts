import type { Permission } from '@contract/permissions';
import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { listLoader, listPending } from '@/lib/list-route';
import type { ListSortOf } from '@/lib/list-sort';
import { LIST_SEARCH_DEFAULTS, type ListSearch, listSearchEntries } from '@/lib/search-params';

/** A catalogue list's validated search: `?page&limit&search&sort`. */
export type CatalogueSearch = ListSearch & { sort: string };
/** Its loader deps and the list's params: no `sort` for the default order. */
export type CatalogueParams = ListSearch & { sort?: string | undefined };

export interface CatalogueRouteOptions<TQueryFnData, TError, TData, TQueryKey extends QueryKey> {
  /** The permission that opens the screen (the 403 page otherwise). */
  permission: Permission;
  /** The list's query options for the validated search (src/queries). */
  list: (params: CatalogueParams) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>;
  /** The list's sort (src/lib/list-sort.ts). */
  sort: ListSortOf;
  title: string;
  /** The table's column count, for the pending skeleton. */
  columns: number;
}

/**
 * The route options every catalogue list shares: `?page&limit&search&sort` (bad values fall back to
 * the defaults, which the URL drops), the search as loader deps (the default order as no `sort`, so
 * the request is what it was before sorting), a loader that warms the list, and a pending frame
 * with the title and an Add button's place. Spread into `createFileRoute(…)({ … })`.
 */
export function catalogueRoute<TQueryFnData, TError, TData, TQueryKey extends QueryKey>({
  permission,
  list,
  sort,
  title,
  columns,
}: CatalogueRouteOptions<TQueryFnData, TError, TData, TQueryKey>) {
  const schema = v.object({ ...listSearchEntries, sort: sort.param });
  return {
    staticData: { permission },
    validateSearch: schema,
    search: {
      middlewares: [stripSearchParams<CatalogueSearch>({ ...LIST_SEARCH_DEFAULTS, ...sort.defaults })],
    },
    loaderDeps: ({ search }: { search: CatalogueSearch }): CatalogueParams => ({
      ...search,
      sort: sort.sent(search.sort),
    }),
    loader: listLoader(list),
    pendingComponent: listPending({ title, columns, withAction: true }),
  };
}
