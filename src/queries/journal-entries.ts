import { pagedSchema } from '@contract/envelope';
import { type EntryType, journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

export interface JournalEntryListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** Ours: only debits or only credits; absent: both. */
  entryType?: EntryType | undefined;
}

export type JournalEntryFilterParams = Pick<JournalEntryListParams, 'search' | 'entryType'>;

const journalEntryPageSchema = pagedSchema(journalEntrySchema);
const LIST_STALE_MS = 10_000;

function filterSearchParams({ search, entryType }: JournalEntryFilterParams) {
  return { search_term: search, entry_type: entryType };
}

/** `GET journal-entries`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchJournalEntries(params: JournalEntryListParams, signal?: AbortSignal) {
  return fetchData('journal-entries', journalEntryPageSchema, {
    searchParams: { page: params.page, limit: params.limit, ...filterSearchParams(params) },
    signal,
    toastErrors: false,
  });
}

/**
 * `GET journal-entries/totals` (ours, docs/spec-deviations.md): the debit and credit sums of the
 * whole filter, not one page. Not toasted: the totals line says it could not load them.
 */
export function fetchJournalEntryTotals(params: JournalEntryFilterParams, signal?: AbortSignal) {
  return fetchData('journal-entries/totals', journalEntryTotalsSchema, {
    searchParams: filterSearchParams(params),
    signal,
    toastErrors: false,
  });
}

/** Read-only: journals are posted by the server's money events, so nothing here mutates. */
export const journalEntryQueries = {
  all: () => ['journal-entries'] as const,
  lists: () => [...journalEntryQueries.all(), 'list'] as const,
  list: (params: JournalEntryListParams) =>
    queryOptions({
      queryKey: [
        ...journalEntryQueries.lists(),
        {
          page: params.page,
          limit: params.limit,
          search: params.search ?? '',
          entryType: params.entryType ?? '',
        },
      ] as const,
      queryFn: ({ signal }) => fetchJournalEntries(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  totals: (params: JournalEntryFilterParams) =>
    queryOptions({
      queryKey: [
        ...journalEntryQueries.all(),
        'totals',
        { search: params.search ?? '', entryType: params.entryType ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchJournalEntryTotals(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
};
