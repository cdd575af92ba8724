import { merchantTimelineSchema, TIMELINE_LIMIT_DEFAULT } from '@contract/merchant-timeline';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { merchantQueries } from './merchants';
import { itemPath } from './resource';

/** 'Show more' asks for this many more of the older entries. */
export const TIMELINE_STEP = TIMELINE_LIMIT_DEFAULT;

/** `GET merchants/{id}/timeline`. Not toasted: the tab shows 'Failed to load resources' with Retry. */
export function fetchMerchantTimeline(id: string, limit: number, signal?: AbortSignal) {
  return fetchData(`${itemPath('merchants', id)}/timeline`, merchantTimelineSchema, {
    searchParams: { limit },
    signal,
    toastErrors: false,
  });
}

/**
 * A merchant's timeline, newest `limit` entries. Not cached for long: it is read when the tab opens,
 * after whatever the person just did elsewhere. The previous answer stays on screen while a larger
 * one loads, so 'Show more' only adds rows below.
 */
export const merchantTimelineQueries = {
  all: (id: string) => [...merchantQueries.all(), 'timeline', id] as const,
  of: (id: string, limit: number) =>
    queryOptions({
      queryKey: [...merchantTimelineQueries.all(id), { limit }] as const,
      queryFn: ({ signal }) => fetchMerchantTimeline(id, limit, signal),
      placeholderData: keepPreviousData,
    }),
};
