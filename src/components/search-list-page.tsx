import { Button, type GroupProps } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { useLatestCallback } from '@/lib/stable';
import { ListPageLayout } from './list-page-layout';
import { PagedList, type PagedListProps } from './paged-list';
import { SearchBox } from './search-box';

/** A list screen's words: its title, search placeholder, plural noun, and Add button if it has one. */
export interface SearchListCopy {
  title: string;
  search: string;
  /** The table's name and the empty state's noun; the title by default. */
  dataType?: string;
  /** The Add button's label; a screen without it has no Add button. */
  add?: string;
}

/** The `?page&limit&search` every searched list validates. */
export interface SearchListParams {
  page: number;
  limit: number;
  search?: string | undefined;
}

export interface SearchListPageProps<TData extends RowData>
  extends Pick<PagedListProps<TData>, 'query' | 'columns' | 'getRowId' | 'onRowClick' | 'sorting'> {
  copy: SearchListCopy;
  /** The validated search of the route. */
  search: SearchListParams;
  /** Writes the URL: a new search (back to page 1), page or page size. */
  onSearchChange: (change: { page?: number; limit?: number; search?: string | undefined }) => void;
  /** Applies a typed search; by default `onSearchChange({ search, page: 1 })`. */
  onSearch?: (term: string | undefined) => void;
  /** Opens the add form (`copy.add`); undefined for users who may not add (no button). */
  onAdd?: (() => void) | undefined;
  /** The toolbar's further controls, after the search box (a date range, an export). */
  filters?: ReactNode;
  /** The filter panel on the left. */
  side?: ReactNode;
  toolbarJustify?: GroupProps['justify'];
  /** Spec §2's empty state; by default the list's total is 0. */
  isEmpty?: boolean;
  /** A filter is active ('No results found' rather than the empty state); by default a search is. */
  isFiltered?: boolean;
  /** The screen's dialogs, drawers and footers, under the table. */
  children?: ReactNode;
  /** Between the toolbar and the table: the active filters' chips, a bulk action bar (issue 24). */
  aboveTable?: ReactNode;
}

/**
 * A searched list screen: title (with its Add button), a search box and further filters, and the
 * paged table (spec §2 "Shared list behaviour"); the screen's dialogs go inside.
 */
export function SearchListPage<TData extends RowData>({
  copy,
  search,
  onSearchChange,
  onSearch = (term) => onSearchChange({ search: term, page: 1 }),
  onAdd,
  filters,
  side,
  toolbarJustify,
  isEmpty,
  isFiltered = search.search !== undefined,
  query,
  columns,
  getRowId,
  onRowClick,
  sorting,
  aboveTable,
  children,
}: SearchListPageProps<TData>) {
  // The title, search box and filters change with the URL, not with the rows: memoised, a next page
  // renders the table and the pager only (decision 056). The search handler may be a new closure
  // on every render; the box gets one that calls the latest.
  const searchTerm = search.search;
  const applySearch = useLatestCallback(onSearch);
  const toolbar = useMemo(
    () => (
      <>
        <SearchBox value={searchTerm} placeholder={copy.search} onSearch={applySearch} />
        {filters}
      </>
    ),
    [searchTerm, copy.search, applySearch, filters],
  );
  const add = copy.add;
  const addLatest = useLatestCallback(() => onAdd?.());
  const hasAdd = onAdd !== undefined;
  const action = useMemo(
    () => (add === undefined ? undefined : hasAdd ? <Button onClick={addLatest}>{add}</Button> : null),
    [add, hasAdd, addLatest],
  );
  return (
    <ListPageLayout
      title={copy.title}
      side={side}
      toolbarJustify={toolbarJustify}
      toolbar={toolbar}
      action={action}
    >
      {aboveTable}
      <PagedList
        query={query}
        columns={columns}
        dataType={copy.dataType ?? copy.title}
        page={search.page}
        limit={search.limit}
        isEmpty={isEmpty ?? query.data?.total === 0}
        isFiltered={isFiltered}
        getRowId={getRowId}
        onRowClick={onRowClick}
        onPageChange={onSearchChange}
        sorting={sorting}
      />
      {children}
    </ListPageLayout>
  );
}
