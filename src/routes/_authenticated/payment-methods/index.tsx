import type { PaymentMethod, PaymentMethodPayload } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ListPageLayout } from '@/components/list-page-layout';
import { PagedList } from '@/components/paged-list';
import { SearchBox } from '@/components/search-box';
import { UI_PAYMENT_METHODS } from '@/features/payment-methods/copy';
import { paymentMethodColumns } from '@/features/payment-methods/payment-method-columns';
import { PaymentMethodFormDialog } from '@/features/payment-methods/payment-method-form-dialog';
import { PaymentMethodStatusDialog } from '@/features/payment-methods/status-dialog';
import { listLoader, listPending } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset } from '@/lib/search-params';
import {
  type PaymentMethodListParams,
  paymentMethodQueries,
  useCreatePaymentMethod,
  useUpdatePaymentMethod,
} from '@/queries/payment-methods';

/** `?page&limit&search`; bad values fall back to the defaults. */
const paymentMethodSearchSchema = v.object(listSearchEntries);

export const Route = createFileRoute('/_authenticated/payment-methods/')({
  staticData: { permission: PERMISSIONS.viewPaymentMethod },
  validateSearch: paymentMethodSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader(paymentMethodQueries.list),
  pendingComponent: listPending({ title: UI_PAYMENT_METHODS.title, columns: 7, withAction: true }),
  component: PaymentMethodsPage,
});

/** Which form is open: none, add (null method) or edit. */
type Editing = { method: PaymentMethod | null } | null;

function PaymentMethodsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...paymentMethodQueries.list(params), retryOnMount: false });
  const canCreate = usePermission(PERMISSIONS.createPaymentMethod);
  const canEdit = usePermission(PERMISSIONS.updatePaymentMethod);
  const canChangeStatus = usePermission(PERMISSIONS.changeStatusPaymentMethod);
  const create = useCreatePaymentMethod();
  const update = useUpdatePaymentMethod();
  const [editing, setEditing] = useState<Editing>(null);
  const [changing, setChanging] = useState<PaymentMethod | null>(null);
  const offset = pageOffset(params.page, params.limit);

  const columns = useMemo(
    () =>
      paymentMethodColumns({
        offset,
        onDetail: (method) =>
          void navigate({ to: '/payment-method/payment-method-detail/$id', params: { id: method.id } }),
        onEdit: canEdit ? (method) => setEditing({ method }) : undefined,
        onChangeStatus: canChangeStatus ? setChanging : undefined,
      }),
    [offset, canEdit, canChangeStatus, navigate],
  );

  const change = (next: Partial<PaymentMethodListParams>) =>
    navigate({ search: (old) => ({ ...old, ...next }), replace: true });

  const save = (payload: PaymentMethodPayload) => {
    const method = editing?.method;
    return method ? update.mutateAsync({ id: method.id, payload }) : create.mutateAsync(payload);
  };

  return (
    <ListPageLayout
      title={UI_PAYMENT_METHODS.title}
      toolbar={
        <SearchBox
          value={params.search}
          placeholder={UI_PAYMENT_METHODS.search}
          onSearch={(search) => change({ search, page: 1 })}
        />
      }
      action={
        canCreate ? (
          <Button onClick={() => setEditing({ method: null })}>{UI_PAYMENT_METHODS.add}</Button>
        ) : null
      }
    >
      <PagedList
        query={query}
        columns={columns}
        dataType={UI_PAYMENT_METHODS.dataType}
        page={params.page}
        limit={params.limit}
        isEmpty={query.data?.total === 0}
        isFiltered={params.search !== undefined}
        getRowId={(m) => m.id}
        onPageChange={change}
      />
      <PaymentMethodFormDialog
        opened={editing !== null}
        method={editing?.method ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <PaymentMethodStatusDialog method={changing} onClose={() => setChanging(null)} />
    </ListPageLayout>
  );
}
