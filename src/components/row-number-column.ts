import { createColumnHelper, type RowData } from '@tanstack/react-table';
import { UI_LIST_KIT } from './copy';
import type { ListTableFeatures } from './data-table';

/** The '#' column of a paged list: the row's number, continuing across pages from `offset`. */
export function rowNumberColumn<TData extends RowData>(offset: number) {
  return createColumnHelper<ListTableFeatures, TData>().display({
    id: 'number',
    header: UI_LIST_KIT.rowNumber,
    cell: ({ row }) => offset + row.index + 1,
  });
}
