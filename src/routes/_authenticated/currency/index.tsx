import type { Currency, CurrencyPayload } from '@contract/currency';
import { PERMISSIONS } from '@contract/permissions';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ListPageLayout } from '@/components/list-page-layout';
import { PagedList } from '@/components/paged-list';
import { SearchBox } from '@/components/search-box';
import { UI_CURRENCIES } from '@/features/currencies/copy';
import { currencyColumns } from '@/features/currencies/currency-columns';
import { CurrencyDeleteDialog } from '@/features/currencies/currency-delete-dialog';
import { CurrencyFormDialog } from '@/features/currencies/currency-form-dialog';
import { listLoader, listPending } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset } from '@/lib/search-params';
import {
  type CurrencyListParams,
  currencyQueries,
  useCreateCurrency,
  useDeleteCurrency,
  useUpdateCurrency,
} from '@/queries/currencies';

/** `?page&limit&search`; bad values fall back to the defaults. */
const currencySearchSchema = v.object(listSearchEntries);

export const Route = createFileRoute('/_authenticated/currency/')({
  staticData: { permission: PERMISSIONS.viewCurrency },
  validateSearch: currencySearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader(currencyQueries.list),
  pendingComponent: listPending({ title: UI_CURRENCIES.title, columns: 7, withAction: true }),
  component: CurrenciesPage,
});

/** Which form is open: none, add (null currency) or edit. */
type Editing = { currency: Currency | null } | null;

function CurrenciesPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...currencyQueries.list(params), retryOnMount: false });
  // Spec §6 has no create permission for currencies: adding takes update-currency, as on the server.
  const canEdit = usePermission(PERMISSIONS.updateCurrency);
  const canDelete = usePermission(PERMISSIONS.deleteCurrency);
  const canOpenDetail = usePermission(PERMISSIONS.viewCharge);
  const create = useCreateCurrency();
  const update = useUpdateCurrency();
  const remove = useDeleteCurrency();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Currency | null>(null);
  const offset = pageOffset(params.page, params.limit);

  const columns = useMemo(
    () =>
      currencyColumns({
        offset,
        canOpenDetail,
        onEdit: canEdit ? (currency) => setEditing({ currency }) : undefined,
        onDelete: canDelete ? setDeleting : undefined,
      }),
    [offset, canOpenDetail, canEdit, canDelete],
  );

  const change = (next: Partial<CurrencyListParams>) =>
    navigate({ search: (old) => ({ ...old, ...next }), replace: true });

  const save = (payload: CurrencyPayload) => {
    const currency = editing?.currency;
    return currency ? update.mutateAsync({ id: currency.id, payload }) : create.mutateAsync(payload);
  };

  return (
    <ListPageLayout
      title={UI_CURRENCIES.title}
      toolbar={
        <SearchBox
          value={params.search}
          placeholder={UI_CURRENCIES.search}
          onSearch={(search) => change({ search, page: 1 })}
        />
      }
      action={
        canEdit ? <Button onClick={() => setEditing({ currency: null })}>{UI_CURRENCIES.add}</Button> : null
      }
    >
      <PagedList
        query={query}
        columns={columns}
        dataType={UI_CURRENCIES.dataType}
        page={params.page}
        limit={params.limit}
        isEmpty={query.data?.total === 0}
        isFiltered={params.search !== undefined}
        getRowId={(c) => c.id}
        onPageChange={change}
      />
      <CurrencyFormDialog
        opened={editing !== null}
        currency={editing?.currency ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <CurrencyDeleteDialog
        currency={deleting}
        // Closed either way: a refusal (409, the currency is in use) is toasted with the server's reason.
        onConfirm={(currency) => remove.mutateAsync(currency.id).finally(() => setDeleting(null))}
        onClose={() => setDeleting(null)}
      />
    </ListPageLayout>
  );
}
