import { Table, UnstyledButton } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  type Row,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
} from 'react';
import { UI_KIT } from './copy';
import { type RovingRows, useRovingRows } from './roving-rows';

/** What a column tells the table about its layout. */
export interface ListColumnMeta {
  /**
   * Amounts and counts: header and cells right-aligned in tabular digits, so a column's figures
   * line up by place and read down like a ledger.
   */
  numeric?: boolean;
}

/**
 * The feature set every list table uses. Lists are paged, searched and filtered by the server, so
 * the table only lays out the rows it is given: no client-side row models.
 */
export const listTableFeatures = tableFeatures({ columnMeta: {} as ListColumnMeta });
export type ListTableFeatures = typeof listTableFeatures;
export type ListColumnDef<TData extends RowData> = ColumnDef<ListTableFeatures, TData>;

/**
 * Sorting by the server (issue 24): which columns sort, by which key of the list's `sort` search
 * param (`amount.desc`), and the current one. A sortable header is a button; its cell carries
 * `aria-sort`.
 */
export interface TableSorting {
  /** The current order, `<key>.<asc|desc>`. */
  value: string;
  /** Column id to the sort key it orders by; columns not named here do not sort. */
  keys: Readonly<Record<string, string>>;
  onChange: (value: string) => void;
}

function ariaSort(sorting: TableSorting, key: string): 'ascending' | 'descending' | 'none' {
  if (sorting.value === `${key}.asc`) return 'ascending';
  if (sorting.value === `${key}.desc`) return 'descending';
  return 'none';
}

/** A click on the current column turns its direction; on another column sorts it ascending. */
function nextSort(sorting: TableSorting, key: string): string {
  return sorting.value === `${key}.asc` ? `${key}.desc` : `${key}.asc`;
}

/** The direction as a drawn arrow (no text, so the header's name stays the column's name). */
function SortMark({ sort }: { sort: 'ascending' | 'descending' | 'none' }) {
  const path = {
    ascending: 'M6 3 L10 9 L2 9 Z',
    descending: 'M6 9 L10 3 L2 3 Z',
    none: 'M6 1 L9 5 L3 5 Z M6 11 L9 7 L3 7 Z',
  };
  return (
    <svg
      aria-hidden="true"
      width="12"
      height="12"
      viewBox="0 0 12 12"
      style={{ marginInlineStart: 4, verticalAlign: 'middle', opacity: sort === 'none' ? 0.35 : 1 }}
    >
      <path d={path[sort]} fill="currentColor" />
    </svg>
  );
}

export interface DataTableProps<TData extends RowData> {
  /** Column definitions, made with `createColumnHelper<ListTableFeatures, TData>()`; keep them stable. */
  columns: ReadonlyArray<ListColumnDef<TData>>;
  data: TData[];
  getRowId?: (row: TData, index: number) => string;
  /** Makes rows act as links: pointer cursor, Enter key, focusable. */
  onRowClick?: (row: TData) => void;
  /** Dims the rows while the next page loads, keeping the previous one on screen (no layout jump). */
  isFetching?: boolean;
  /** Accessible name of the table. */
  label?: string;
  /** Sortable column headers (issue 24); without it no header sorts. */
  sorting?: TableSorting | undefined;
}

const NUMERIC_CELL = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NUMERIC_TD = { ...NUMERIC_CELL, textAlign: 'right' } as const;
/** Mantine's classes of a row and a cell; `mantine-focus-auto` is its ring for keyboard focus only. */
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const CLICKABLE_ROW_CLASS = `${ROW_CLASS} mantine-focus-auto`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;
const HEAD_CLASS = `${Table.classes.thead} mantine-Table-thead`;
const HEADER_CELL_CLASS = `${Table.classes.th} mantine-Table-th`;
const CLICKABLE_ROW = { cursor: 'pointer' } as const;

/** Clicks on a link or button inside a row are theirs, not the row's (e.g. the Website link). */
function fromInteractiveChild(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  const interactive = target.closest('a, button, input, select, textarea, [role="button"]');
  return interactive !== null && interactive !== event.currentTarget;
}

export function DataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  onRowClick,
  isFetching = false,
  label,
  sorting,
}: DataTableProps<TData>) {
  const table = useTable({ features: listTableFeatures, columns, data, getRowId });
  const rows = table.getRowModel().rows;
  const roving = useRovingRows(rows.length);
  const columnCount = table.getAllLeafColumns().length;
  // The screens pass a new `onRowClick` closure on every render; the rows get one that never
  // changes and calls the latest, so they can skip a render that brings them nothing new.
  const latestRowClick = useRef(onRowClick);
  useLayoutEffect(() => {
    latestRowClick.current = onRowClick;
  });
  const onRow = useCallback((row: TData) => latestRowClick.current?.(row), []);
  // The same for the header's sort: a screen may pass a new `sorting` object on every render.
  const latestSort = useRef(sorting?.onChange);
  useLayoutEffect(() => {
    latestSort.current = sorting?.onChange;
  });
  const onSort = useCallback((value: string) => latestSort.current?.(value), []);

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        aria-label={label}
        aria-busy={isFetching || undefined}
        highlightOnHover={onRowClick !== undefined}
        verticalSpacing="sm"
        horizontalSpacing="xs"
        style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <TableHead
          headers={table.getHeaderGroups()[0]?.headers ?? []}
          sorting={sorting}
          onSort={onSort}
          hover={onRowClick !== undefined}
          renderHeader={table.FlexRender}
        />
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount} ta="center" c="dimmed" py="xl">
                {UI_KIT.list.noResults}
              </Table.Td>
            </Table.Tr>
          ) : (
            <TableRows
              rows={rows}
              data={data}
              columns={columns}
              onRowClick={onRowClick ? onRow : undefined}
              roving={roving}
            />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type HeaderOf<TData extends RowData> = ReturnType<
  ReturnType<typeof useTable<ListTableFeatures, TData>>['getHeaderGroups']
>[number]['headers'][number];

interface TableHeadProps<TData extends RowData> {
  /** The one header row's headers (the lists have no grouped columns). */
  headers: HeaderOf<TData>[];
  sorting: TableSorting | undefined;
  /** Calls the latest `sorting.onChange` (a function that never changes). */
  onSort: (value: string) => void;
  /** The rows open on click: the header row carries Mantine's hover attribute as Table.Tr gave it. */
  hover: boolean;
  renderHeader: (props: { header: HeaderOf<TData> }) => ReactNode;
}

/** What the header shows: each column's id, header and alignment. */
function headerSignature<TData extends RowData>(headers: HeaderOf<TData>[]): unknown[] {
  return headers.flatMap((h) => [
    h.id,
    h.isPlaceholder,
    h.column.columnDef.header,
    h.column.columnDef.meta?.numeric,
  ]);
}

function sameHead<TData extends RowData>(before: TableHeadProps<TData>, after: TableHeadProps<TData>) {
  if (
    before.hover !== after.hover ||
    before.onSort !== after.onSort ||
    before.renderHeader !== after.renderHeader ||
    before.sorting?.value !== after.sorting?.value ||
    before.sorting?.keys !== after.sorting?.keys ||
    (before.sorting === undefined) !== (after.sorting === undefined)
  ) {
    return false;
  }
  if (before.headers === after.headers) return true;
  // A screen that builds its columns per page (a row number continuing across pages) passes new
  // headers that read the same: the header need not render again for them.
  const a = headerSignature(before.headers);
  const b = headerSignature(after.headers);
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * The header row, memoised (decision 056): a next page renders the rows and the pager, not the
 * header. Plain `thead`/`tr`/`th` with Mantine's classes and data attributes, as the body rows
 * (decision 049): Table.Thead, Tr and Th read the table's context, a new object on every render
 * of the table, so they rendered again under any memo.
 */
const TableHead = memo(TableHeadOf, sameHead) as <TData extends RowData>(
  props: TableHeadProps<TData>,
) => ReactNode;

function TableHeadOf<TData extends RowData>({
  headers,
  sorting,
  onSort,
  hover,
  renderHeader: Header,
}: TableHeadProps<TData>) {
  return (
    <thead className={HEAD_CLASS}>
      <tr className={ROW_CLASS} data-with-row-border data-hover={hover || undefined}>
        {headers.map((header) => {
          const sortKey = sorting?.keys[header.column.id];
          const sort = sorting && sortKey ? ariaSort(sorting, sortKey) : undefined;
          return (
            <th
              key={header.id}
              className={HEADER_CELL_CLASS}
              scope="col"
              aria-sort={sort}
              style={header.column.columnDef.meta?.numeric ? NUMERIC_TD : undefined}
            >
              {header.isPlaceholder ? null : sorting && sortKey && sort ? (
                <UnstyledButton
                  fz="inherit"
                  fw="inherit"
                  className="mantine-focus-auto"
                  onClick={() => onSort(nextSort(sorting, sortKey))}
                >
                  <Header header={header} />
                  <SortMark sort={sort} />
                </UnstyledButton>
              ) : (
                <Header header={header} />
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface TableRowsProps<TData extends RowData> {
  /** The table's row model: a new array on every render, so the memo compares `data` instead. */
  rows: Row<ListTableFeatures, TData>[];
  /** Not read here: the rows are made from it and the columns, so these two say when they change. */
  data: TData[];
  columns: ReadonlyArray<ListColumnDef<TData>>;
  onRowClick: ((row: TData) => void) | undefined;
  roving: RovingRows;
}

/**
 * The body's rows, memoised (decision 049): while a new page or filter loads, the screen renders
 * again with the previous page's rows unchanged (dimmed), and when its answer arrives the toolbar
 * and pager render too; only new data, columns or focus re-render the cells, the costliest part.
 */
const TableRows = memo(TableRowsOf, sameRows) as <TData extends RowData>(
  props: TableRowsProps<TData>,
) => ReactNode;

function sameRows<TData extends RowData>(before: TableRowsProps<TData>, after: TableRowsProps<TData>) {
  return (
    before.data === after.data &&
    before.columns === after.columns &&
    before.onRowClick === after.onRowClick &&
    before.roving === after.roving
  );
}

function TableRowsOf<TData extends RowData>({ rows, onRowClick, roving }: TableRowsProps<TData>) {
  // Plain `tr` and `td` with Mantine's own classes (decision 049): Table.Tr and Table.Td read the
  // table's context, so every render of the table (its busy state, a new sort) rendered each of
  // them again, and each is two components (the cell and its Box) where one element does.
  return rows.map((row, index) => (
    <tr
      key={row.id}
      className={onRowClick ? CLICKABLE_ROW_CLASS : ROW_CLASS}
      data-with-row-border
      data-hover={onRowClick ? true : undefined}
      // One tab stop for the rows, and `j`/`k` move between them (decision 046).
      {...(onRowClick ? roving.rowProps(index) : {})}
      style={onRowClick ? CLICKABLE_ROW : undefined}
      onClick={
        onRowClick
          ? (event) => {
              if (!fromInteractiveChild(event)) onRowClick(row.original);
            }
          : undefined
      }
      onKeyDown={
        onRowClick
          ? (event) => {
              if (event.key === 'Enter' && !fromInteractiveChild(event)) {
                event.preventDefault();
                onRowClick(row.original);
              }
            }
          : undefined
      }
    >
      {row.getAllCells().map((cell) => (
        <td
          key={cell.id}
          className={CELL_CLASS}
          style={cell.column.columnDef.meta?.numeric ? NUMERIC_TD : undefined}
        >
          {
            // The column's cell, as FlexRender draws it, without FlexRender's own component
            // around each cell (80 fewer components for a page of ten rows, decision 056).
            flexRender(cell.column.columnDef.cell, cell.getContext())
          }
        </td>
      ))}
    </tr>
  ));
}
