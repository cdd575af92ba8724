import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { merchantQueries } from '@/queries/merchants';
import { UI_LISTS } from './copy';
import type { ActiveFilter } from './filter-chips';
import { statusesOf } from './list-search';
import type { RichFilterValues } from './rich-filters';

const C = UI_LISTS.chips;

/** Every richer filter cleared: what "Clear all" writes (with `status: 'all'` where there is one). */
export const NO_RICH_FILTERS: Record<keyof RichFilterValues, undefined> = {
  amountMin: undefined,
  amountMax: undefined,
  currency: undefined,
  paymentMethod: undefined,
  merchant: undefined,
};

/** The filters whose chip shows their own value (the merchant's names it; the statuses list them). */
const PLAIN_CHIPS = ['amountMin', 'amountMax', 'currency', 'paymentMethod'] as const;

/**
 * The chips of the richer filters (and the statuses, when the list has several): each removes its
 * own search param. The merchant's chip names it (its detail query; its id until that answers).
 */
export function useRichFilterChips(
  params: RichFilterValues & { status?: string },
  update: (change: Partial<RichFilterValues & { status: string; page: number }>) => void,
  statusLabel?: (status: string) => string,
): ActiveFilter[] {
  const merchant = useQuery({
    ...merchantQueries.detail(params.merchant ?? ''),
    enabled: Boolean(params.merchant),
  });
  const merchantName = merchant.data
    ? (merchant.data.business_detail?.name ?? merchant.data.merchant_code)
    : undefined;
  const { status, amountMin, amountMax, currency, paymentMethod, merchant: merchantId } = params;
  // The same chips until a filter or the merchant's name changes: the list's toolbar is memoised
  // on them, so the rows arriving do not render it again (decision 049).
  return useMemo(() => {
    const chips: ActiveFilter[] = [];
    const statuses = status ? statusesOf(status) : [];
    if (statusLabel && statuses.length > 0) {
      chips.push({
        key: 'status',
        label: C.status(statuses.map(statusLabel).join(', ')),
        onRemove: () => update({ status: 'all', page: 1 }),
      });
    }
    const plain = { amountMin, amountMax, currency, paymentMethod };
    for (const key of PLAIN_CHIPS) {
      const value = plain[key];
      if (value)
        chips.push({ key, label: C[key](value), onRemove: () => update({ [key]: undefined, page: 1 }) });
    }
    if (merchantId) {
      const name = merchantName ?? merchantId;
      chips.push({
        key: 'merchant',
        label: C.merchant(name),
        onRemove: () => update({ merchant: undefined, page: 1 }),
      });
    }
    return chips;
  }, [status, amountMin, amountMax, currency, paymentMethod, merchantId, merchantName, update, statusLabel]);
}
