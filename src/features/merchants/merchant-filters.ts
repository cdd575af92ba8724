import type { FilterOption } from '@/components/filter-panel';
import type { MerchantFilter } from '@/queries/merchant-filters';
import { UI_MERCHANTS } from './copy';

/** The left panel of spec §2, in its order, labelled with the product's words. */
export const MERCHANT_FILTER_OPTIONS: readonly FilterOption<MerchantFilter>[] = [
  { value: 'all', label: UI_MERCHANTS.filters.all },
  { value: 'pending', label: UI_MERCHANTS.filters.pending },
  { value: 'pending-verification', label: UI_MERCHANTS.filters.pendingVerification },
  { value: 'verified', label: UI_MERCHANTS.filters.verified },
  { value: 'inactive', label: UI_MERCHANTS.filters.inactive },
];
