import { chargeId } from '@mocks/data/charges';
import { buildCurrencies, currencyId } from '@mocks/data/currencies';
import { DEMO_USERS, sessionFor } from '@mocks/data/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/session';
import { accountMappingQueries } from './account-mappings';
import { chargeQueries, useDeleteCharge, useUpdateCharge } from './charges';
import { currencyQueries, useUpdateCurrency } from './currencies';
import { paymentMethodQueries } from './payment-methods';

function setup() {
  saveSession(sessionFor(DEMO_USERS.admin));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // Cached entries of each kind, fresh until a mutation marks them stale.
  const keys = {
    currencyList: currencyQueries.list({ page: 1, limit: 10 }).queryKey,
    otherCurrency: currencyQueries.detail(currencyId(2)).queryKey,
    thisCurrency: currencyQueries.detail(currencyId(1)).queryKey,
    charges: chargeQueries.ofCurrency(currencyId(1)).queryKey,
    paymentMethods: [...paymentMethodQueries.all(), 'list', {}] as const,
    mappings: [...accountMappingQueries.lists(), {}] as const,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;
  type Key = readonly unknown[];
  /** Each of `staleKeys` was invalidated, each of `freshKeys` was not. */
  const expectInvalidated = (staleKeys: readonly Key[], freshKeys: readonly Key[]) => {
    for (const key of staleKeys) expect(stale(key), JSON.stringify(key)).toBe(true);
    for (const key of freshKeys) expect(stale(key), JSON.stringify(key)).toBe(false);
  };
  return { queryClient, wrapper, keys, stale, expectInvalidated };
}

describe('currency and charge mutations', () => {
  it('a currency update invalidates the currency lists, its detail, charges and payment methods, not other details', async () => {
    const { wrapper, keys, expectInvalidated } = setup();
    const { result } = renderHook(() => useUpdateCurrency(), { wrapper });
    const usd = buildCurrencies()[1];
    if (!usd) throw new Error('no USD in the seed');
    result.current.mutate({
      id: usd.id,
      payload: {
        name: usd.name,
        decimal_places: usd.decimal_places,
        in_multiples_of: usd.in_multiples_of,
        display_symbol: usd.display_symbol,
        name_code: usd.name_code,
      },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expectInvalidated(
      [keys.currencyList, keys.thisCurrency, keys.charges, keys.paymentMethods],
      [keys.otherCurrency],
    );
  });

  it('a charge delete invalidates the charge lists only', async () => {
    const { wrapper, keys, expectInvalidated } = setup();
    const { result } = renderHook(() => useDeleteCharge(), { wrapper });
    // Refund fee: no account mapping uses it.
    result.current.mutate(chargeId(3));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expectInvalidated([keys.charges], [keys.currencyList, keys.paymentMethods]);
  });

  it('a charge update invalidates the charge lists and the account mappings that show its amount', async () => {
    const { wrapper, keys, expectInvalidated } = setup();
    const { result } = renderHook(() => useUpdateCharge(), { wrapper });
    result.current.mutate({
      id: chargeId(3),
      payload: {
        currency_id: currencyId(0),
        name: 'Refund fee',
        charge_type: 'GATEWAY_CHARGE',
        charge_time: 'REFUND_FEE',
        charge_calculation_method: 'FLAT',
        amount: '12',
        is_range: false,
        charge_ranges: [],
        fee_on_date: null,
        fee_interval: null,
      },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expectInvalidated([keys.charges, keys.mappings], [keys.currencyList]);
  });
});
