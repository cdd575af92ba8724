/** The shared kit's texts: list states, confirm and form dialogs, breadcrumbs (spec §2 list pattern). */
export const UI_KIT = {
  list: {
    failed: 'Failed to load resources',
    retry: 'Retry',
    noResults: 'No results found',
    empty: (dataType: string) => `There are no ${dataType}`,
    showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} results`,
  },
  confirm: {
    cancel: 'Cancel',
    labels: { INFO: 'Continue', DEACTIVATE: 'Deactivate', ACTIVATE: 'Approve' },
  },
  /** Ours: the accessible name of every dialog's and drawer's close (×) button. */
  dialog: { close: 'Close' },
  /** Ours: the accessible name of a detail page's breadcrumb trail. */
  breadcrumb: 'Breadcrumb',
} as const;

/** Texts the spec implies but does not word: accessible names of the list kit (pager, search, table). */
export const UI_LIST_KIT = {
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (n: number) => `Page ${n}`,
  pagination: 'Pagination',
  rowsPerPage: 'Rows per page',
  clearSearch: 'Clear search',
  filter: 'Filter',
  loading: 'Loading',
  rowNumber: 'No.',
} as const;
