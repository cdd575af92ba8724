import type { Paged } from '@contract/envelope';
import { MERCHANT_SORT_DEFAULT, MERCHANT_SORT_KEYS } from '@contract/list-sort';
import type { Merchant } from '@contract/merchant';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { UI_LIST_KIT } from '@/components/copy';
import { FilterPanel } from '@/components/filter-panel';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { useListViews } from '@/features/lists/list-views';
import { UI_MERCHANTS } from '@/features/merchants/copy';
import { merchantColumns } from '@/features/merchants/merchant-columns';
import { MERCHANT_FILTER_OPTIONS } from '@/features/merchants/merchant-filters';
import { listLoader, listPending, type NeighbourWarmth, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { preloadImages } from '@/lib/preload-images';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { MERCHANT_FILTERS } from '@/queries/merchant-filters';
import { type MerchantListParams, merchantQueries } from '@/queries/merchants';

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(MERCHANT_SORT_KEYS, MERCHANT_SORT_DEFAULT, {
  name: 'name',
  merchant_code: 'code',
  status: 'status',
});

/**
 * `?page&limit&search&filter&sort`. `filter` is one of all | pending | pending-verification |
 * verified | inactive (spec §4 maps each to the `status` sent); unknown values fall back to all.
 */
const merchantSearchSchema = v.object({
  ...listSearchEntries,
  filter: picklistParam(MERCHANT_FILTERS, 'all'),
  sort: SORT.param,
});

/**
 * A prefetched page's logos load with its rows' data, so Next paints the rows and their logos in
 * one frame instead of parsing each logo after the rows are shown (decision 061).
 */
const WARM_LOGOS: NeighbourWarmth<Paged<Merchant>> = {
  warm: (page) => preloadImages(page.contents.map((merchant) => merchant.business_detail?.logo)),
};

export const Route = createFileRoute('/_authenticated/merchants/')({
  staticData: { permission: PERMISSIONS.viewMerchant },
  validateSearch: merchantSearchSchema,
  // `/merchants` rather than `/merchants?page=1&limit=10&filter=all`; a URL with them still works.
  search: {
    middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, filter: 'all' as const, ...SORT.defaults })],
  },
  loaderDeps: ({ search }) => ({ ...search, sort: SORT.sent(search.sort) }),
  // Entering the screen warms the cache; paging, searching or filtering keeps the previous page on
  // screen, dimmed, while the component's query fetches the next (src/lib/list-route.tsx).
  loader: listLoader(merchantQueries.list),
  pendingComponent: listPending({ title: UI_MERCHANTS.title, columns: 8, withSide: true }),
  component: MerchantsPage,
});

function MerchantsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(merchantQueries.list, params, WARM_LOGOS);
  const { page, limit } = params;
  const showingPrevious = query.isPlaceholderData;

  // The row numbers follow the page on screen: the previous one while the next loads.
  const [shownOffset, setShownOffset] = useState(pageOffset(page, limit));
  const offset = pageOffset(page, limit);
  if (!showingPrevious && shownOffset !== offset) setShownOffset(offset);
  const columns = useMemo(() => merchantColumns(shownOffset), [shownOffset]);
  const views = useListViews('merchants', columns);

  // Paging and searching push a history entry; choosing a filter replaces it (spec §2).
  const update = useMemo(() => searchChange<MerchantListParams>(navigate, ['filter']), [navigate]);

  // The filter panel and the sorting change with the URL, not with the rows: memoised, a next page
  // renders the rows and the pager, not them (decision 056).
  const filter = params.filter;
  const side = useMemo(
    () => (
      <FilterPanel
        label={UI_LIST_KIT.filter}
        value={filter}
        options={MERCHANT_FILTER_OPTIONS}
        onChange={(next) => update({ filter: next, page: 1 })}
      />
    ),
    [filter, update],
  );
  const sort = params.sort;
  const sorting = useMemo(
    () => SORT.sorting(sort, (next) => update({ sort: next, page: 1 })),
    [sort, update],
  );

  return (
    <SearchListPage
      copy={UI_MERCHANTS}
      search={params}
      onSearchChange={update}
      side={side}
      filters={views.controls}
      query={query}
      columns={views.columns}
      getRowId={(merchant) => merchant.id}
      sorting={sorting}
      onRowClick={(merchant) => navigate({ to: '/merchant-details/$id', params: { id: merchant.id } })}
    />
  );
}
