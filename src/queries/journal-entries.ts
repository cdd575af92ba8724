import { pagedSchema } from '@contract/envelope';
import { type EntryType, journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { fetchData } from '@/lib/api';
import { listQuery, resourceKeys } from './resource';

export interface JournalEntryListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** Ours: only debits or only credits; absent: both. */
  entryType?: EntryType | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

export type JournalEntryFilterParams = Pick<JournalEntryListParams, 'search' | 'entryType'>;

const journalEntryPageSchema = pagedSchema(journalEntrySchema);

function filterSearchParams({ search, entryType }: JournalEntryFilterParams) {
  return { search_term: search, entry_type: entryType };
}

/** `GET journal-entries`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchJournalEntries(params: JournalEntryListParams, signal?: AbortSignal) {
  return fetchData('journal-entries', journalEntryPageSchema, {
    searchParams: {
      page: params.page,
      limit: params.limit,
      ...filterSearchParams(params),
      sort: params.sort,
    },
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
const keys = resourceKeys('journal-entries');

/** The filter's part of a key, normalised. */
const filterKey = ({ search, entryType }: JournalEntryFilterParams) => ({
  search: search ?? '',
  entryType: entryType ?? '',
});

export const journalEntryQueries = {
  all: keys.all,
  lists: keys.lists,
  list: (params: JournalEntryListParams) =>
    listQuery(
      [
        ...keys.lists(),
        { page: params.page, limit: params.limit, ...filterKey(params), sort: params.sort ?? '' },
      ] as const,
      (signal) => fetchJournalEntries(params, signal),
    ),
  totals: (params: JournalEntryFilterParams) =>
    listQuery([...keys.all(), 'totals', filterKey(params)] as const, (signal) =>
      fetchJournalEntryTotals(params, signal),
    ),
};
