import type { Permission } from '@contract/permissions';
import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import type * as v from 'valibot';
import type { ListSortOf } from './list-sort';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, picklistParam } from './search-params';

/**
 * The lists filtered by one status (users, API clients, approvals, chargebacks), declared once:
 * `?page&limit&search&status&sort` ('' is every status; bad values fall back to the defaults,
 * which the URL drops), and the params their query is sent (no status for '', no sort for the
 * default order).
 */
export function statusListEntries<const S extends readonly [string, ...string[]]>(
  statuses: S,
  sort: ListSortOf,
) {
  return {
    ...listSearchEntries,
    status: picklistParam(['', ...statuses] as const, ''),
    sort: sort.param,
  };
}

/** The search a status list validates, as its loader and page read it. */
export interface StatusListSearch<S extends string> {
  page: number;
  limit: number;
  search?: string | undefined;
  status: S | '';
  sort: string;
}

/** The query's params of a status list's search: no status for '', no sort for the default. */
export type StatusListParams<T extends StatusListSearch<string>> = Omit<T, 'status' | 'sort'> & {
  status?: Exclude<T['status'], ''> | undefined;
  sort?: string | undefined;
};

export interface StatusListRouteOptions<T extends StatusListSearch<string>> {
  permission: Permission;
  /** `v.object(statusListEntries(…))`, piped further if the list has more (a date range). */
  schema: v.GenericSchema<unknown, T>;
  sort: ListSortOf;
}

/**
 * A status list's route options that match and validate it (spread into `createFileRoute(…)({ … })`):
 * the permission, the search and its defaults, the search as loader deps. The loader and pending
 * component are written in the route's own options (`listLoader(statusListQuery(…))`,
 * `listPending(…)`): the router plugin splits only those into the route's chunk, so the list's
 * queries and copy stay out of the entry (decision 050).
 */
export function statusListRoute<T extends StatusListSearch<string>>({
  permission,
  schema,
  sort,
}: StatusListRouteOptions<T>) {
  const defaults = { ...LIST_SEARCH_DEFAULTS, status: '', ...sort.defaults };
  return {
    staticData: { permission },
    validateSearch: schema,
    search: { middlewares: [stripSearchParams<T>(defaults as Partial<T>)] },
    loaderDeps: ({ search }: { search: T }) => search,
  };
}

export interface StatusListQueryOptions<
  T extends StatusListSearch<string>,
  TQueryFnData,
  TError,
  TData,
  TKey extends QueryKey,
> {
  /** The route's search schema: only its type is read, to type the search the query takes. */
  schema: v.GenericSchema<unknown, T>;
  sort: ListSortOf;
  /** The list's query options (src/queries). */
  list: (params: StatusListParams<T>) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TKey>;
}

/**
 * A status list's query for its validated search: the options its loader warms (`listLoader`) and
 * its page reads with `useListQuery`, sent without the status for '' and the sort for the default.
 */
export function statusListQuery<
  T extends StatusListSearch<string>,
  TQueryFnData,
  TError,
  TData,
  TKey extends QueryKey,
>({ sort, list }: StatusListQueryOptions<T, TQueryFnData, TError, TData, TKey>) {
  const toParams = ({ status, sort: order, ...rest }: T): StatusListParams<T> =>
    ({ ...rest, status: status || undefined, sort: sort.sent(order) }) as StatusListParams<T>;
  return (search: T) => list(toParams(search));
}

/** Whether the list is narrowed by its search or its status ('No results found' then). */
export function isStatusFiltered(search: { search?: string | undefined; status: string }): boolean {
  return Boolean(search.search || search.status);
}
