import type { Paged } from '@contract/envelope';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { DataTable, type ListColumnDef, type TableSorting } from './data-table';
import { ListState } from './list-state';
import { Pager } from './pager';

/** One empty array for every loading list, so the table's data does not change identity per render. */
const NO_ROWS: never[] = [];

export interface PagedListProps<TData extends RowData> {
  /** The list's query; its previous page stays on screen (dimmed) while the next one loads. */
  query: Pick<
    UseQueryResult<Paged<TData>>,
    'status' | 'data' | 'refetch' | 'isFetching' | 'isPlaceholderData'
  >;
  columns: ReadonlyArray<ListColumnDef<TData>>;
  /** Plural noun for the empty state ('There are no …') and the table's accessible name. */
  dataType: string;
  page: number;
  limit: number;
  /** Spec §2's empty state: the list has nothing at all (not merely nothing for this filter). */
  isEmpty: boolean;
  isFiltered: boolean;
  /** Writes the URL: a new page, or a new page size (which resets page to 1). */
  onPageChange: (change: { page: number; limit?: number }) => void;
  getRowId: (row: TData) => string;
  onRowClick?: (row: TData) => void;
  /** Sortable headers (issue 24). */
  sorting?: TableSorting | undefined;
}

/**
 * A server-paged list: loading, error and empty states (ListState), the table, and the pager,
 * wired the same way on every list screen (spec §2 "Shared list behaviour").
 */
export function PagedList<TData extends RowData>({
  query,
  columns,
  dataType,
  page,
  limit,
  isEmpty,
  isFiltered,
  onPageChange,
  getRowId,
  onRowClick,
  sorting,
}: PagedListProps<TData>) {
  const data = query.data;
  const showingPrevious = query.isPlaceholderData;
  // While the next page loads the previous one stays on screen, and so does its pager line.
  const [shown, setShown] = useState({ page, limit });
  if (!showingPrevious && (shown.page !== page || shown.limit !== limit)) setShown({ page, limit });
  const pager = showingPrevious ? shown : { page, limit };

  // A page past the end (an old bookmark, a list that shrank) moves to the last page instead of an
  // empty table under a wrong 'Showing' line.
  const totalPages = data?.total_pages ?? 0;
  useEffect(() => {
    if (!showingPrevious && totalPages > 0 && page > totalPages) onPageChange({ page: totalPages });
  }, [onPageChange, page, totalPages, showingPrevious]);

  return (
    <ListState
      status={query.status}
      isEmpty={isEmpty}
      isFiltered={isFiltered}
      dataType={dataType}
      onRetry={() => query.refetch()}
      isRetrying={query.isFetching}
      skeleton={{ rows: limit, columns: columns.length }}
    >
      <DataTable
        label={dataType}
        columns={columns}
        data={data?.contents ?? NO_ROWS}
        getRowId={getRowId}
        onRowClick={onRowClick}
        isFetching={showingPrevious}
        sorting={sorting}
      />
      {data && data.total > 0 ? (
        <Pager
          page={pager.page}
          limit={pager.limit}
          total={data.total}
          totalPages={data.total_pages}
          onPageChange={(next) => onPageChange({ page: next })}
          onLimitChange={(next) => onPageChange({ page: 1, limit: next })}
        />
      ) : null}
    </ListState>
  );
}
