import type { Currency, CurrencyPayload } from '@contract/currency';
import { CURRENCY_SORT_DEFAULT, CURRENCY_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { useRecordForm } from '@/components/use-record-form';
import { UI_CURRENCIES } from '@/features/currencies/copy';
import { currencyColumns } from '@/features/currencies/currency-columns';
import { CurrencyDeleteDialog } from '@/features/currencies/currency-delete-dialog';
import { CurrencyFormDialog } from '@/features/currencies/currency-form-dialog';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import {
  type CurrencyListParams,
  currencyQueries,
  useCreateCurrency,
  useDeleteCurrency,
  useUpdateCurrency,
} from '@/queries/currencies';
import { catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(CURRENCY_SORT_KEYS, CURRENCY_SORT_DEFAULT, {
  name: 'name',
  name_code: 'code',
  decimal_places: 'places',
});

export const Route = createFileRoute('/_authenticated/currency/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewCurrency, sort: SORT }),
  loader: listLoader(currencyQueries.list),
  pendingComponent: listPending({ title: UI_CURRENCIES.title, columns: 7, withAction: true }),
  component: CurrenciesPage,
});

function CurrenciesPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(currencyQueries.list, params);
  // Spec §6 has no create permission for currencies: adding takes update-currency, as on the server.
  const canEdit = usePermission(PERMISSIONS.updateCurrency);
  const canDelete = usePermission(PERMISSIONS.deleteCurrency);
  const canOpenDetail = usePermission(PERMISSIONS.viewCharge);
  const create = useCreateCurrency();
  const update = useUpdateCurrency();
  const remove = useDeleteCurrency();
  const form = useRecordForm<Currency, CurrencyPayload>(create, update);
  const [deleting, setDeleting] = useState<Currency | null>(null);
  const offset = pageOffset(params.page, params.limit);

  const columns = useMemo(
    () =>
      currencyColumns({
        offset,
        canOpenDetail,
        onEdit: canEdit ? form.edit : undefined,
        onDelete: canDelete ? setDeleting : undefined,
      }),
    [offset, canOpenDetail, canEdit, canDelete, form.edit],
  );

  const views = useListViews('currencies', columns);
  const change = searchChange<CurrencyListParams>(navigate);

  return (
    <SearchListPage
      copy={UI_CURRENCIES}
      search={params}
      onSearchChange={change}
      onAdd={canEdit ? form.add : undefined}
      filters={views.controls}
      query={query}
      columns={views.columns}
      getRowId={(c) => c.id}
      sorting={SORT.sorting(params.sort, (sort) => change({ sort, page: 1 }))}
    >
      <CurrencyFormDialog
        opened={form.opened}
        currency={form.record}
        onSubmit={form.save}
        onClose={form.close}
      />
      <CurrencyDeleteDialog
        currency={deleting}
        // Closed either way: a refusal (409, the currency is in use) is toasted with the server's reason.
        onConfirm={(currency) => remove.mutateAsync(currency.id).finally(() => setDeleting(null))}
        onClose={() => setDeleting(null)}
      />
    </SearchListPage>
  );
}
