import { Table } from '@mantine/core';
import { type ColumnDef, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent } from 'react';
import { UI_KIT } from './copy';

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
}

const NUMERIC_CELL = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function alignmentOf(meta: ListColumnMeta | undefined) {
  return meta?.numeric ? ({ ta: 'right', style: NUMERIC_CELL } as const) : {};
}

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
}: DataTableProps<TData>) {
  const table = useTable({ features: listTableFeatures, columns, data, getRowId });
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;

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
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id} scope="col" {...alignmentOf(header.column.columnDef.meta)}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount} ta="center" c="dimmed" py="xl">
                {UI_KIT.list.noResults}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={row.id}
                tabIndex={onRowClick ? 0 : undefined}
                // Mantine's global focus class: a visible ring for keyboard users only.
                className={onRowClick ? 'mantine-focus-auto' : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
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
                  <Table.Td key={cell.id} {...alignmentOf(cell.column.columnDef.meta)}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
