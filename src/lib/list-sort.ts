import { type SortOrder, sortText } from '@contract/list-sort';
import type * as v from 'valibot';
import type { TableSorting } from '@/components/data-table';
import { sortParam } from '@/features/lists/list-search';

/**
 * One list's sort (issue 24, decision 044), declared once per route: its `sort` search param (a bad
 * value falls back to the default), the default the URL drops, what the API is sent (nothing for
 * the default, so the request stays as it was before sorting), and the table's sortable headers.
 */
export function listSort<const K extends readonly [string, ...string[]]>(
  keys: K,
  fallback: SortOrder<K[number]>,
  /** Column id to the sort key it orders by; columns not named do not sort. */
  columns: Readonly<Record<string, K[number]>>,
): ListSortOf {
  const text = sortText(fallback);
  return {
    /** `sort` of the route's search schema. */
    param: sortParam(keys, fallback),
    /** The default, for `stripSearchParams`. */
    defaults: { sort: text },
    /** The `sort` the API is sent: undefined for the default order. */
    sent: (sort: string | undefined): string | undefined => (sort === text ? undefined : sort),
    /** The `sorting` prop of SearchListPage / DataTable. */
    sorting: (sort: string | undefined, onChange: (sort: string) => void): TableSorting => ({
      value: sort ?? text,
      keys: columns,
      onChange,
    }),
  };
}

/** What `listSort` returns, whatever its keys. */
export interface ListSortOf {
  /** Optional in the URL (the default), so a link need not name it. */
  param: v.OptionalSchema<v.GenericSchema<string, string>, string>;
  defaults: { sort: string };
  sent: (sort: string | undefined) => string | undefined;
  sorting: (sort: string | undefined, onChange: (sort: string) => void) => TableSorting;
}
