/**
 * Selecting rows of a list (issue 24, decision 045): an optional first column of checkboxes, one per
 * row and one for the page, and the selection itself: the rows ticked on this page, or every row
 * that matches the list's filters (the server acts on the filters then, not on ids).
 */
import { Checkbox } from '@mantine/core';
import { createColumnHelper, type RowData } from '@tanstack/react-table';
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { ListColumnDef, ListTableFeatures } from './data-table';

export const UI_ROW_SELECTION = {
  column: 'Select',
  page: 'Select all rows on this page',
  row: (name: string) => `Select ${name}`,
} as const;

export interface RowSelection<TData> {
  /** The ticked rows, in the order ticked; empty when `allMatching`. */
  readonly rows: readonly TData[];
  /** Every row the filters match, on every page. */
  readonly allMatching: boolean;
  readonly isSelected: (id: string) => boolean;
  readonly toggle: (row: TData) => void;
  /** Ticks every row of the page, or unticks them all. */
  readonly togglePage: (page: readonly TData[]) => void;
  readonly selectAllMatching: () => void;
  readonly clear: () => void;
}

/**
 * The selection of one list. `scope` names what the list shows (its page, search and filters): a
 * new one starts an empty selection, so nothing selected is ever out of sight.
 */
export function useRowSelection<TData>(getId: (row: TData) => string, scope: string): RowSelection<TData> {
  const [state, setState] = useState({ scope, rows: [] as readonly TData[], allMatching: false });
  const current = state.scope === scope ? state : { scope, rows: [] as readonly TData[], allMatching: false };
  const ids = new Set(current.rows.map(getId));
  const set = (rows: readonly TData[], allMatching = false) => setState({ scope, rows, allMatching });
  return {
    rows: current.rows,
    allMatching: current.allMatching,
    isSelected: (id) => current.allMatching || ids.has(id),
    // Unticking one row of "all that match" starts over: the rest of them are not on this page.
    toggle: (row) =>
      current.allMatching
        ? set([])
        : set(
            ids.has(getId(row))
              ? current.rows.filter((r) => getId(r) !== getId(row))
              : [...current.rows, row],
          ),
    togglePage: (page) => set(page.every((r) => ids.has(getId(r))) && !current.allMatching ? [] : [...page]),
    selectAllMatching: () => set([], true),
    clear: () => set([]),
  };
}

interface SelectionScope {
  selection: RowSelection<unknown>;
  /** The rows on screen: what the header's checkbox ticks. */
  page: readonly unknown[];
}

const SelectionContext = createContext<SelectionScope | null>(null);

/**
 * Gives the checkbox column the current selection and page. Through context, not the column
 * definitions: the table keeps its columns from the first render, so the column itself stays put.
 */
export function RowSelectionScope<TData>({
  selection,
  page,
  children,
}: {
  selection: RowSelection<TData>;
  page: readonly TData[];
  children: ReactNode;
}) {
  return (
    <SelectionContext.Provider value={{ selection: selection as RowSelection<unknown>, page }}>
      {children}
    </SelectionContext.Provider>
  );
}

function useSelectionScope<TData>() {
  const scope = useContext(SelectionContext);
  if (!scope) throw new Error('The selection column needs a RowSelectionScope around its table');
  return scope as unknown as { selection: RowSelection<TData>; page: readonly TData[] };
}

function PageCheckbox<TData>({ getId }: { getId: (row: TData) => string }) {
  const { selection, page } = useSelectionScope<TData>();
  const ticked = page.filter((r) => selection.isSelected(getId(r))).length;
  return (
    <Checkbox
      aria-label={UI_ROW_SELECTION.page}
      checked={page.length > 0 && ticked === page.length}
      indeterminate={ticked > 0 && ticked < page.length}
      disabled={page.length === 0}
      onChange={() => selection.togglePage(page)}
    />
  );
}

function RowCheckbox<TData>({ row, id, name }: { row: TData; id: string; name: string }) {
  const { selection } = useSelectionScope<TData>();
  return (
    <Checkbox
      aria-label={UI_ROW_SELECTION.row(name)}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(row)}
    />
  );
}

/** The checkbox column, first in the list; its table goes inside a RowSelectionScope. */
export function selectionColumn<TData extends RowData>(
  getId: (row: TData) => string,
  rowName: (row: TData) => string,
): ListColumnDef<TData> {
  return createColumnHelper<ListTableFeatures, TData>().display({
    id: 'select',
    header: () => <PageCheckbox getId={getId} />,
    cell: ({ row }) => (
      <RowCheckbox row={row.original} id={getId(row.original)} name={rowName(row.original)} />
    ),
  }) as ListColumnDef<TData>;
}
