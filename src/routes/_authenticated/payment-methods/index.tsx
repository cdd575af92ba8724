import { PAYMENT_METHOD_SORT_DEFAULT, PAYMENT_METHOD_SORT_KEYS } from '@contract/list-sort';
import type { PaymentMethod, PaymentMethodPayload } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { useRecordForm } from '@/components/use-record-form';
import { useListViews } from '@/features/lists/list-views';
import { UI_PAYMENT_METHODS } from '@/features/payment-methods/copy';
import { paymentMethodColumns } from '@/features/payment-methods/payment-method-columns';
import { PaymentMethodFormDialog } from '@/features/payment-methods/payment-method-form-dialog';
import { PaymentMethodStatusDialog } from '@/features/payment-methods/status-dialog';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import {
  type PaymentMethodListParams,
  paymentMethodQueries,
  useCreatePaymentMethod,
  useUpdatePaymentMethod,
} from '@/queries/payment-methods';
import { catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(PAYMENT_METHOD_SORT_KEYS, PAYMENT_METHOD_SORT_DEFAULT, {
  name: 'name',
  type: 'type',
  status: 'status',
});

export const Route = createFileRoute('/_authenticated/payment-methods/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewPaymentMethod, sort: SORT }),
  loader: listLoader(paymentMethodQueries.list),
  pendingComponent: listPending({ title: UI_PAYMENT_METHODS.title, columns: 7, withAction: true }),
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(paymentMethodQueries.list, params);
  const canCreate = usePermission(PERMISSIONS.createPaymentMethod);
  const canEdit = usePermission(PERMISSIONS.updatePaymentMethod);
  const canChangeStatus = usePermission(PERMISSIONS.changeStatusPaymentMethod);
  const create = useCreatePaymentMethod();
  const update = useUpdatePaymentMethod();
  const form = useRecordForm<PaymentMethod, PaymentMethodPayload>(create, update);
  const [changing, setChanging] = useState<PaymentMethod | null>(null);
  const offset = pageOffset(params.page, params.limit);

  const columns = useMemo(
    () =>
      paymentMethodColumns({
        offset,
        onDetail: (method) =>
          void navigate({ to: '/payment-method/payment-method-detail/$id', params: { id: method.id } }),
        onEdit: canEdit ? form.edit : undefined,
        onChangeStatus: canChangeStatus ? setChanging : undefined,
      }),
    [offset, canEdit, canChangeStatus, navigate, form.edit],
  );

  const views = useListViews('payment-methods', columns);
  const change = searchChange<PaymentMethodListParams>(navigate);

  return (
    <SearchListPage
      copy={UI_PAYMENT_METHODS}
      search={params}
      onSearchChange={change}
      onAdd={canCreate ? form.add : undefined}
      filters={views.controls}
      query={query}
      columns={views.columns}
      getRowId={(m) => m.id}
      sorting={SORT.sorting(params.sort, (sort) => change({ sort, page: 1 }))}
    >
      <PaymentMethodFormDialog
        opened={form.opened}
        method={form.record}
        onSubmit={form.save}
        onClose={form.close}
      />
      <PaymentMethodStatusDialog method={changing} onClose={() => setChanging(null)} />
    </SearchListPage>
  );
}
