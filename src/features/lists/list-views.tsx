import type { ListId } from '@contract/list-view';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
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
  // The same element until the choice changes, so a screen can memoise its toolbar (decision 049).
  const controls = useMemo(
    () => (
      <>
        <ColumnPicker list={list} columns={columns} chosen={chosen.chosen} />
        <SavedViewsMenu list={list} columns={chosen.chosen} />
      </>
    ),
    [list, columns, chosen.chosen],
  );
  return { columns: chosen.columns, controls };
}
