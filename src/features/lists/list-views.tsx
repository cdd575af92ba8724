import type { ListId } from '@contract/list-view';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useMemo, useRef } from 'react';
import type { ListColumnDef } from '@/components/data-table';
import { ColumnPicker, useChosenColumns } from './column-picker';
import { SavedViewsMenu } from './saved-views-menu';

/**
 * A list's column picker and saved views (issue 24, decision 042), for a list screen that names
 * only its list id: `const views = useListViews('transactions', columns)`, then
 * `columns={views.columns}` and `{views.controls}` in the toolbar. Columns the list does not name
 * in contract/list-view.ts (a row number, a selection checkbox, the actions) stay where they are.
 */
export function useListViews<TData extends RowData>(
  list: ListId,
  columns: ReadonlyArray<ListColumnDef<TData>>,
): { columns: ReadonlyArray<ListColumnDef<TData>>; controls: ReactNode } {
  const chosen = useChosenColumns(list, columns);
  const named = useSameNames(columns);
  // The same element until the choice changes, so a screen can memoise its toolbar (decision 049).
  const controls = useMemo(
    () => (
      <>
        <ColumnPicker list={list} columns={named} chosen={chosen.chosen} />
        <SavedViewsMenu list={list} columns={chosen.chosen} />
      </>
    ),
    [list, named, chosen.chosen],
  );
  return { columns: chosen.columns, controls };
}

/** A column's id (or accessor key) and header: all the picker reads of it. */
function namesOf<TData extends RowData>(columns: ReadonlyArray<ListColumnDef<TData>>): unknown[] {
  return columns.flatMap((column) => [
    column.id,
    (column as { accessorKey?: unknown }).accessorKey,
    column.header,
  ]);
}

/**
 * The columns given, or the last ones while their ids and headers are the same: a list that builds
 * its columns per page (a row number continuing across pages) does not render the picker and the
 * views menu again for each page (decision 056).
 */
function useSameNames<TData extends RowData>(
  columns: ReadonlyArray<ListColumnDef<TData>>,
): ReadonlyArray<ListColumnDef<TData>> {
  const kept = useRef(columns);
  if (kept.current !== columns) {
    const before = namesOf(kept.current);
    const after = namesOf(columns);
    if (before.length !== after.length || before.some((value, i) => value !== after[i]))
      kept.current = columns;
  }
  return kept.current;
}
