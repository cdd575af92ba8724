import type { Permission } from '@contract/permissions';
import { stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import type { ListSortOf } from '@/lib/list-sort';
import { LIST_SEARCH_DEFAULTS, type ListSearch, listSearchEntries } from '@/lib/search-params';

/** A catalogue list's validated search: `?page&limit&search&sort`. */
export type CatalogueSearch = ListSearch & { sort: string };
/** Its loader deps and the list's params: no `sort` for the default order. */
export type CatalogueParams = ListSearch & { sort?: string | undefined };

export interface CatalogueRouteOptions {
  /** The permission that opens the screen (the 403 page otherwise). */
  permission: Permission;
  /** The list's sort (src/lib/list-sort.ts). */
  sort: ListSortOf;
}

/**
 * The route options every catalogue list shares: `?page&limit&search&sort` (bad values fall back to
 * the defaults, which the URL drops) and the search as loader deps (the default order as no `sort`,
 * so the request is what it was before sorting). Spread into `createFileRoute(…)({ … })`; the
 * route writes its own `loader: listLoader(…)` and `pendingComponent: listPending(…)`, which the
 * router plugin splits into the route's chunk only when they are written there (decision 050).
 */
export function catalogueRoute({ permission, sort }: CatalogueRouteOptions) {
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
  };
}
