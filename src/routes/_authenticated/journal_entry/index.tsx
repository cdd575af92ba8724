import { JOURNAL_ENTRY_SORT_DEFAULT, JOURNAL_ENTRY_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { SearchListPage } from '@/components/search-list-page';
import { UI_BOOKS } from '@/features/books/copy';
import { JournalDrawer } from '@/features/books/journal-drawer';
import { JournalForm } from '@/features/books/journal-form';
import { UI_JOURNAL_ENTRIES } from '@/features/journal-entries/copy';
import { journalEntryColumns } from '@/features/journal-entries/journal-entry-columns';
import { JournalTotals } from '@/features/journal-entries/journal-totals';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { type JournalEntryListParams, journalEntryQueries } from '@/queries/journal-entries';

/** Ours: `?entry=debit|credit` narrows the list and its totals to one side; 'all' (the default) sends none. */
const ENTRY_FILTERS = ['all', 'debit', 'credit'] as const;
type EntryFilter = (typeof ENTRY_FILTERS)[number];
const ENTRY_TYPE_OF: Readonly<Record<EntryFilter, JournalEntryListParams['entryType']>> = {
  all: undefined,
  debit: 'DEBIT',
  credit: 'CREDIT',
};

type JournalSearchChange = Partial<{
  page: number;
  limit: number;
  search: string | undefined;
  entry: EntryFilter;
  journal: string | undefined;
  sort: string;
}>;

/** Sortable headers (issue 24): the date, and the amount under either side; newest first by default. */
const SORT = listSort(JOURNAL_ENTRY_SORT_KEYS, JOURNAL_ENTRY_SORT_DEFAULT, {
  created_at: 'date',
  debit: 'amount',
  credit: 'amount',
});

/** `?journal=<id>` opens that whole journal in the drawer (issue 23); anything but a UUID is none. */
const journalParam = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);

/** `?page&limit&search&entry&journal&sort`. */
const journalSearchSchema = v.object({
  ...listSearchEntries,
  entry: picklistParam(ENTRY_FILTERS, 'all'),
  journal: journalParam,
  sort: SORT.param,
});
type JournalSearch = v.InferOutput<typeof journalSearchSchema>;

const listQuery = (search: Omit<JournalSearch, 'journal'>) => journalEntryQueries.list(listParams(search));
export const Route = createFileRoute('/_authenticated/journal_entry/')({
  staticData: { permission: PERMISSIONS.viewJournalEntry },
  validateSearch: journalSearchSchema,
  search: {
    middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, entry: 'all' as const, ...SORT.defaults })],
  },
  // The open journal is no part of the list's query.
  loaderDeps: ({ search: { journal: _journal, ...search } }) => search,
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_JOURNAL_ENTRIES.title, columns: 7 }),
  component: JournalEntriesPage,
});

const T = UI_JOURNAL_ENTRIES;

/** The list's params: the search, with `entry` as the entry type it sends and the sort it sends. */
function listParams({ entry, sort, ...search }: Omit<JournalSearch, 'journal'>): JournalEntryListParams {
  return { ...search, entryType: ENTRY_TYPE_OF[entry], sort: SORT.sent(sort) };
}

function JournalEntriesPage() {
  const deps = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const params = listParams(deps);
  const query = useListQuery(journalEntryQueries.list, params);
  const totals = useQuery(journalEntryQueries.totals({ search: params.search, entryType: params.entryType }));
  const offset = pageOffset(deps.page, deps.limit);
  const columns = useMemo(() => journalEntryColumns(offset), [offset]);
  const views = useListViews('journal-entries', columns);
  const hasRows = query.status === 'success' && query.data.total > 0;
  const { journal } = Route.useSearch();
  const canPost = usePermission(PERMISSIONS.createJournalEntry);
  const [posting, setPosting] = useState(false);

  const update = (change: JournalSearchChange) => navigate({ search: (old) => ({ ...old, ...change }) });

  return (
    <SearchListPage
      copy={{ ...T, add: UI_BOOKS.newJournal }}
      onAdd={canPost ? () => setPosting(true) : undefined}
      onRowClick={(entry) => update({ journal: entry.journal_id })}
      search={deps}
      onSearchChange={update}
      toolbarJustify="space-between"
      filters={
        <>
          <SegmentedControl
            aria-label={T.entryType}
            value={deps.entry}
            onChange={(entry) => update({ entry: entry as EntryFilter, page: 1 })}
            data={ENTRY_FILTERS.map((value) => ({
              value,
              label: T.entryTypes[value],
            }))}
          />
          {views.controls}
        </>
      }
      // Spec §2: the empty state shows unless a search is active (a search with no match shows
      // the table's 'No results found').
      query={query}
      columns={views.columns}
      getRowId={(entry) => entry.id}
      sorting={SORT.sorting(deps.sort, (sort) => update({ sort, page: 1 }))}
    >
      {hasRows ? <JournalTotals query={totals} oneSided={params.entryType !== undefined} /> : null}
      {canPost ? <JournalForm opened={posting} onClose={() => setPosting(false)} /> : null}
      <JournalDrawer
        id={journal}
        onOpen={(id) => update({ journal: id })}
        onClose={() => update({ journal: undefined })}
      />
    </SearchListPage>
  );
}
