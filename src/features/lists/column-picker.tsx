import { LISTS, type ListId } from '@contract/list-view';
import { Button, Popover } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ListColumnDef } from '@/components/data-table';
import { LazyBody, lazyPart, preload } from '@/components/lazy-part';
import { listViewQueries } from '@/queries/list-views';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.columns;

/** A column definition's id: its `id`, or the key it reads (`helper.accessor('amount', …)`). */
export function columnIdOf<TData extends RowData>(column: ListColumnDef<TData>): string | undefined {
  if (typeof column.id === 'string') return column.id;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key : undefined;
}

const managedBy = (list: ListId): readonly string[] => LISTS[list].columns;

/**
 * The columns to show for a choice (null: the list's own). Only the list's own columns are the
 * picker's: any other (a row number, a selection checkbox, the actions) keeps its place and is
 * always shown. The chosen columns fill the places of the picker's columns in the chosen order;
 * a required column missing from a stale choice is shown anyway.
 */
export function chooseColumns<TData extends RowData>(
  columns: ReadonlyArray<ListColumnDef<TData>>,
  list: ListId,
  chosen: readonly string[] | null,
): ReadonlyArray<ListColumnDef<TData>> {
  if (chosen === null) return columns;
  const managed = managedBy(list);
  const byId = new Map<string, ListColumnDef<TData>>();
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id !== undefined && managed.includes(id)) byId.set(id, column);
  }
  const required: readonly string[] = LISTS[list].required;
  const shown = [...chosen, ...required.filter((id) => !chosen.includes(id))]
    .map((id) => byId.get(id))
    .filter((column): column is ListColumnDef<TData> => column !== undefined);
  const result: ListColumnDef<TData>[] = [];
  let next = 0;
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id === undefined || !managed.includes(id)) result.push(column);
    else if (next < shown.length) result.push(shown[next++] as ListColumnDef<TData>);
  }
  // Fewer places than chosen columns cannot happen (each place is one of them), but never drop one.
  return next < shown.length ? [...result, ...shown.slice(next)] : result;
}

/** The person's column choice of a list (none without a list id) and the columns it shows. */
export function useChosenColumns<TData extends RowData>(
  list: ListId | undefined,
  columns: ReadonlyArray<ListColumnDef<TData>>,
) {
  const query = useQuery({
    ...listViewQueries.preferenceOf(list ?? 'transactions'),
    enabled: list !== undefined,
  });
  const chosen = list === undefined ? null : (query.data?.columns ?? null);
  const shown = useMemo(
    () => (list === undefined ? columns : chooseColumns(columns, list, chosen)),
    [columns, list, chosen],
  );
  return { chosen, columns: shown };
}

export interface ColumnPickerProps<TData extends RowData> {
  list: ListId;
  /** The list's column definitions, in its own order (for their names). */
  columns: ReadonlyArray<ListColumnDef<TData>>;
  /** The person's choice; null for the list's own columns. */
  chosen: readonly string[] | null;
}

/**
 * The dropdown's rows come on first use: a list page loads without them and without Checkbox
 * (decision 057). A pointer over the button or focus on it starts the load, so it has usually
 * arrived when the picker opens; until then the open dropdown shows a spinner (`LazyBody`).
 */
const dropdown = lazyPart(() => import('./column-picker-dropdown'));
const preloadDropdown = () => preload(dropdown);

/**
 * Shows, hides and moves the list's columns (column-picker-dropdown.tsx); each change is kept on
 * the server for the person, Reset forgets it.
 */
export function ColumnPicker<TData extends RowData>({ list, columns, chosen }: ColumnPickerProps<TData>) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" onPointerEnter={preloadDropdown} onFocus={preloadDropdown}>
          {C.open}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <LazyBody part={dropdown}>
          {({ ColumnPickerRows }) => <ColumnPickerRows list={list} columns={columns} chosen={chosen} />}
        </LazyBody>
      </Popover.Dropdown>
    </Popover>
  );
}
