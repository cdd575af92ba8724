import {
  type ListId,
  type ListPreference,
  type ListViewCreateInput,
  type ListViewUpdateInput,
  listPreferenceSchema,
  listViewSchema,
} from '@contract/list-view';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchData } from '@/lib/api';
import { exact, itemPath, useToastMutation } from './resource';

/**
 * A person's columns and saved views of a list (decision 042). Both change only when the person
 * changes them, so they stay fresh until a mutation here refreshes them.
 */
export const listViewKeys = {
  all: () => ['list-views'] as const,
  preferences: () => [...listViewKeys.all(), 'preference'] as const,
  preference: (list: ListId) => [...listViewKeys.preferences(), list] as const,
  lists: () => [...listViewKeys.all(), 'list'] as const,
  list: (list: ListId) => [...listViewKeys.lists(), list] as const,
  detail: (id: string) => [...listViewKeys.all(), 'detail', id] as const,
};

const viewsSchema = v.array(listViewSchema);

export const listViewQueries = {
  ...listViewKeys,
  /** `GET list-preferences?list=`: the columns shown, or null for the list's own. */
  preferenceOf: (list: ListId) =>
    queryOptions({
      queryKey: listViewKeys.preference(list),
      queryFn: ({ signal }) =>
        fetchData('list-preferences', listPreferenceSchema, {
          searchParams: { list },
          signal,
          toastErrors: false,
        }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** `GET list-views?list=`: the person's views and the shared ones. */
  viewsOf: (list: ListId) =>
    queryOptions({
      queryKey: listViewKeys.list(list),
      queryFn: ({ signal }) =>
        fetchData('list-views', viewsSchema, { searchParams: { list }, signal, toastErrors: false }),
      staleTime: 60_000,
    }),
  /** `GET list-views/{id}`: a view a `?view=` link names (a failure is the caller's to show). */
  view: (id: string) =>
    queryOptions({
      queryKey: listViewKeys.detail(id),
      queryFn: ({ signal }) =>
        fetchData(itemPath('list-views', id), listViewSchema, { signal, toastErrors: false }),
      retry: false,
    }),
};

export const LIST_VIEW_SUCCESS = {
  saved: 'View saved',
  renamed: 'View renamed',
  deleted: 'View deleted',
} as const;

/**
 * `PUT list-preferences` (columns) or `DELETE list-preferences` (null: reset). The picker shows the
 * change at once (the cache is written first); a refusal puts the server's choice back.
 */
export function useSaveColumns(list: ListId) {
  const queryClient = useQueryClient();
  const key = listViewKeys.preference(list);
  return useMutation({
    mutationFn: (columns: string[] | null) =>
      columns === null
        ? fetchData('list-preferences', listPreferenceSchema, {
            method: 'DELETE',
            searchParams: { list },
          })
        : fetchData('list-preferences', listPreferenceSchema, {
            method: 'PUT',
            json: { list, columns },
          }),
    onMutate: async (columns) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListPreference>(key);
      queryClient.setQueryData<ListPreference>(key, { list, columns });
      return { previous };
    },
    onError: (_error, _columns, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}

/** `POST list-views`. */
export function useCreateListView() {
  return useToastMutation({
    mutationFn: (payload: ListViewCreateInput) =>
      fetchData('list-views', listViewSchema, { method: 'POST', json: payload, toastErrors: false }),
    success: LIST_VIEW_SUCCESS.saved,
    invalidate: (payload) => [listViewKeys.list(payload.list as ListId)],
  });
}

/** `PATCH list-views/{id}`: rename, share or stop sharing. */
export function useUpdateListView(list: ListId) {
  return useToastMutation({
    mutationFn: ({ id, payload }: { id: string; payload: ListViewUpdateInput }) =>
      fetchData(itemPath('list-views', id), listViewSchema, {
        method: 'PATCH',
        json: payload,
        toastErrors: false,
      }),
    success: LIST_VIEW_SUCCESS.renamed,
    invalidate: ({ id }) => [listViewKeys.list(list), exact(listViewKeys.detail(id))],
  });
}

/** `DELETE list-views/{id}`. */
export function useDeleteListView(list: ListId) {
  return useToastMutation({
    mutationFn: (id: string) => fetchData(itemPath('list-views', id), listViewSchema, { method: 'DELETE' }),
    success: LIST_VIEW_SUCCESS.deleted,
    remove: (id) => listViewKeys.detail(id),
    invalidate: () => [listViewKeys.list(list)],
  });
}
