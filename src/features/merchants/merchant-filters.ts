import { UI } from '@contract/messages';
import type { FilterOption } from '@/components/filter-panel';
import type { MerchantFilter } from '@/queries/merchants';

/** The left panel of spec §2, in its order, labelled with the product's words. */
export const MERCHANT_FILTER_OPTIONS: readonly FilterOption<MerchantFilter>[] = [
  { value: 'all', label: UI.merchants.filters.all },
  { value: 'pending', label: UI.merchants.filters.pending },
  { value: 'pending-verification', label: UI.merchants.filters.pendingVerification },
  { value: 'verified', label: UI.merchants.filters.verified },
  { value: 'inactive', label: UI.merchants.filters.inactive },
];
