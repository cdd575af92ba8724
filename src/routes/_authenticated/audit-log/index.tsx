import { AUDIT_OUTCOMES, KNOWN_AUDIT_ACTIONS, KNOWN_AUDIT_RESOURCE_TYPES } from '@contract/audit-log';
import { AUDIT_SORT_DEFAULT, AUDIT_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { Autocomplete, Select } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { ExportCsvButton } from '@/components/export-csv-button';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { auditColumns } from '@/features/audit-log/audit-columns';
import { UI_AUDIT_LOG } from '@/features/audit-log/copy';
import { useListViews } from '@/features/lists/list-views';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from '@/lib/date-range-search';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { type AuditListParams, auditLogQueries, fetchAuditLogCsv } from '@/queries/audit-log';

/** A free-text filter of the URL: trimmed, at most 100 plain characters, else no filter. */
const textParam = v.optional(
  v.fallback(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(100),
      v.regex(/^[^\p{Cc}]*$/u),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
    undefined,
  ),
);

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(AUDIT_SORT_KEYS, AUDIT_SORT_DEFAULT, {
  at: 'at',
  action: 'action',
  outcome: 'outcome',
});

const searchSchema = v.pipe(
  v.object({
    ...listSearchEntries,
    ...dateRangeSearchEntries,
    action: textParam,
    resource_type: textParam,
    outcome: picklistParam(['', ...AUDIT_OUTCOMES], ''),
    sort: SORT.param,
  }),
  v.transform(wholeDateRange),
);
type AuditSearch = v.InferOutput<typeof searchSchema>;
const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, outcome: '', ...SORT.defaults } as const;
const toParams = ({ outcome, sort, ...rest }: AuditSearch): AuditListParams => ({
  ...rest,
  outcome: outcome || undefined,
  sort: SORT.sent(sort),
});

const listQuery = (search: AuditSearch) => auditLogQueries.list(toParams(search));
export const Route = createFileRoute('/_authenticated/audit-log/')({
  staticData: { permission: PERMISSIONS.viewAuditLog },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<AuditSearch>(DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_AUDIT_LOG.title, columns: 8 }),
  component: AuditLogPage,
});

const T = UI_AUDIT_LOG;

function AuditLogPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(listQuery, search);
  const columns = useMemo(
    () => auditColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const views = useListViews('audit-log', columns);
  const changeSearch = searchChange<AuditSearch>(navigate);
  const { page: _page, limit: _limit, sort: _sort, ...filters } = toParams(search);

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<AuditSearch>)}
      query={query}
      columns={views.columns}
      getRowId={(record) => record.id}
      sorting={SORT.sorting(search.sort, (sort) => void changeSearch({ sort, page: 1 }))}
      isFiltered={Boolean(
        search.search || search.action || search.resource_type || search.outcome || search.from,
      )}
      filters={
        <>
          {/* First, as on Transactions: on a phone the picker opens under it and fits the screen. */}
          <DateRangePicker
            aria-label={T.dateRange}
            value={rangeOf(search.from, search.to)}
            onChange={(range) => void changeSearch({ ...searchOfRange(range), page: 1 })}
            showShortcuts
            showFooter
            dateLooking="backward"
          />
          <Autocomplete
            aria-label={T.action}
            placeholder={T.actionPlaceholder}
            w={200}
            data={[...KNOWN_AUDIT_ACTIONS]}
            defaultValue={search.action ?? ''}
            key={`action-${search.action ?? ''}`}
            onOptionSubmit={(value) => void changeSearch({ action: value, page: 1 })}
            onBlur={(event) =>
              void changeSearch({ action: event.currentTarget.value.trim() || undefined, page: 1 })
            }
          />
          <Autocomplete
            aria-label={T.resourceType}
            placeholder={T.resourcePlaceholder}
            w={170}
            data={[...KNOWN_AUDIT_RESOURCE_TYPES]}
            defaultValue={search.resource_type ?? ''}
            key={`resource-${search.resource_type ?? ''}`}
            onOptionSubmit={(value) => void changeSearch({ resource_type: value, page: 1 })}
            onBlur={(event) =>
              void changeSearch({ resource_type: event.currentTarget.value.trim() || undefined, page: 1 })
            }
          />
          <Select
            aria-label={T.outcome}
            w={150}
            value={search.outcome}
            data={[
              { value: '', label: T.outcomeAll },
              ...AUDIT_OUTCOMES.map((o) => ({ value: o, label: T.outcomes[o] })),
            ]}
            onChange={(value) =>
              void changeSearch({ outcome: (value ?? '') as AuditSearch['outcome'], page: 1 })
            }
            allowDeselect={false}
          />
          <ExportCsvButton label={UI_AUDIT_LOG.exportCsv} fetchFile={() => fetchAuditLogCsv(filters)} />
          {views.controls}
        </>
      }
    />
  );
}
