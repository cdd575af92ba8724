import { changeEventSchema, type HistorySubject } from '@contract/change-history';
import { pagedSchema } from '@contract/envelope';
import { infiniteQueryOptions, MutationCache, type QueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

const changeHistoryPageSchema = pagedSchema(changeEventSchema);

/** Older changes load a page at a time below the newest. */
export const CHANGE_HISTORY_PAGE_SIZE = 20;

/** `GET change-history` (ours). Not toasted: the history shows its own error with Retry. */
export function fetchChangeHistory(
  subject: HistorySubject,
  subjectId: string,
  page: number,
  signal?: AbortSignal,
) {
  return fetchData('change-history', changeHistoryPageSchema, {
    searchParams: { subject, subject_id: subjectId, page, limit: CHANGE_HISTORY_PAGE_SIZE },
    signal,
    toastErrors: false,
  });
}

/** One factory for every history query. */
export const changeHistoryQueries = {
  all: () => ['change-history'] as const,
  of: (subject: HistorySubject, subjectId: string) =>
    infiniteQueryOptions({
      queryKey: [...changeHistoryQueries.all(), subject, subjectId] as const,
      queryFn: ({ pageParam, signal }) => fetchChangeHistory(subject, subjectId, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, lastPage) => (lastPage < last.total_pages ? lastPage + 1 : undefined),
    }),
};

/**
 * Every successful write may have added a record to some history, and the history is not a
 * resource the mutation hooks know about: after any mutation, histories refetch (the ones on
 * screen at once, the others when next shown).
 */
export function historyRefreshingMutationCache(getClient: () => QueryClient): MutationCache {
  return new MutationCache({
    // Not awaited: the write is done; its dialog need not wait for a history to reload.
    onSuccess: () => {
      void getClient().invalidateQueries({ queryKey: changeHistoryQueries.all() });
    },
  });
}
