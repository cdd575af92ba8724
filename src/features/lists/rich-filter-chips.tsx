import { useQuery } from '@tanstack/react-query';
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
  const chips: ActiveFilter[] = [];
  const statuses = params.status ? statusesOf(params.status) : [];
  if (statusLabel && statuses.length > 0) {
    chips.push({
      key: 'status',
      label: C.status(statuses.map(statusLabel).join(', ')),
      onRemove: () => update({ status: 'all', page: 1 }),
    });
  }
  if (params.amountMin)
    chips.push({
      key: 'amountMin',
      label: C.amountMin(params.amountMin),
      onRemove: () => update({ amountMin: undefined, page: 1 }),
    });
  if (params.amountMax)
    chips.push({
      key: 'amountMax',
      label: C.amountMax(params.amountMax),
      onRemove: () => update({ amountMax: undefined, page: 1 }),
    });
  if (params.currency)
    chips.push({
      key: 'currency',
      label: C.currency(params.currency),
      onRemove: () => update({ currency: undefined, page: 1 }),
    });
  if (params.paymentMethod)
    chips.push({
      key: 'paymentMethod',
      label: C.paymentMethod(params.paymentMethod),
      onRemove: () => update({ paymentMethod: undefined, page: 1 }),
    });
  if (params.merchant) {
    const name = merchant.data
      ? (merchant.data.business_detail?.name ?? merchant.data.merchant_code)
      : params.merchant;
    chips.push({
      key: 'merchant',
      label: C.merchant(name),
      onRemove: () => update({ merchant: undefined, page: 1 }),
    });
  }
  return chips;
}
