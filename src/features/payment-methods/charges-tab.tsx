import type { Currency } from '@contract/currency';
import type { PaymentMethod } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { UI_KIT } from '@/components/copy';
import { DataTable } from '@/components/data-table';
import { ListState } from '@/components/list-state';
import { chargeColumns } from '@/entities/charge/columns';
import { usePermission } from '@/lib/permissions';
import { chargeQueries } from '@/queries/charges';
import { currencyQueries } from '@/queries/currencies';
import { UI_PAYMENT_METHODS } from './copy';

const C = UI_PAYMENT_METHODS.charges;

/** A Mantine anchor that routes like a router Link (typed path and params). */

/** Name, charge time, calculation and amount: the skeleton's width before any currency is known. */
const CHARGE_COLUMN_COUNT = chargeColumns(undefined).length;

/**
 * The Charges tab. The spec leaves it 'Under Development'; staff expect to see what a payment with
 * this method is charged, so it lists the gateway charges of each supported currency, read-only,
 * each currency linking to its page where charges are changed (docs/spec-deviations.md).
 */
export function ChargesTab({ method }: { method: PaymentMethod }) {
  // Charges are listed with view-charge (spec §6); the currency page they link to needs it too.
  const canView = usePermission(PERMISSIONS.viewCharge);
  if (!canView) return <Message text={C.noPermission} />;
  if (method.supported_currencies.length === 0) return <Message text={C.noCurrencies} />;
  return <SupportedCurrencyCharges codes={method.supported_currencies} />;
}

function Message({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Text c="dimmed">{text}</Text>
    </Center>
  );
}

function SupportedCurrencyCharges({ codes }: { codes: readonly string[] }) {
  // The same first 50 currencies the payment-method form chooses from (spec §9).
  const currencies = useQuery({ ...currencyQueries.forForms(), retryOnMount: false });
  if (currencies.status === 'pending' || currencies.status === 'error') {
    return (
      <ListState
        status={currencies.status}
        isEmpty={false}
        isFiltered={false}
        dataType={C.dataType}
        onRetry={() => currencies.refetch()}
        isRetrying={currencies.isFetching}
        skeleton={{ rows: 3, columns: CHARGE_COLUMN_COUNT }}
      >
        {null}
      </ListState>
    );
  }
  const byCode = new Map(currencies.data.contents.map((c) => [c.name_code, c]));
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {C.intro}
      </Text>
      {codes.map((code) => {
        const currency = byCode.get(code);
        return currency ? (
          <CurrencyCharges key={code} currency={currency} />
        ) : (
          <Text key={code} size="sm" c="dimmed">
            {C.unknownCurrency(code)}
          </Text>
        );
      })}
    </Stack>
  );
}

function CurrencyCharges({ currency }: { currency: Currency }) {
  const query = useQuery({ ...chargeQueries.ofCurrency(currency.id), retryOnMount: false });
  const label = C.openCurrency(currency.name, currency.name_code);
  const columns = useMemo(() => chargeColumns(currency.decimal_places), [currency.decimal_places]);
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={4}>
        <AnchorLink to="/currency/currency-detail/$id" params={{ id: currency.id }}>
          {label}
        </AnchorLink>
      </Title>
      {query.status === 'success' && query.data.contents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {C.none}
        </Text>
      ) : query.status === 'error' ? (
        <Stack align="flex-start" gap="xs" role="alert">
          <Text size="sm">{UI_KIT.list.failed}</Text>
          <Button size="xs" variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
            {UI_KIT.list.retry}
          </Button>
        </Stack>
      ) : (
        <ListState
          status={query.status}
          isEmpty={false}
          isFiltered={false}
          dataType={C.dataType}
          onRetry={() => query.refetch()}
          skeleton={{ rows: 2, columns: columns.length }}
        >
          <DataTable
            label={label}
            columns={columns}
            data={query.data?.contents ?? []}
            getRowId={(c) => c.id}
          />
        </ListState>
      )}
    </Stack>
  );
}
