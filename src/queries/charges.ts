import { type ChargePayload, chargeSchema } from '@contract/charge';
import { LIMIT_MAX } from '@contract/common';
import { SUCCESS } from '@/lib/copy';
import { accountMappingQueries } from './account-mappings';
import { resource } from './resource';

export interface ChargeListParams {
  page: number;
  limit: number;
  /** One currency's charges (`GET charges?currency_id=`); all charges when absent. */
  currencyId?: string | undefined;
}

/** `charges` and `charges/{id}`: reads, create, update and delete. */
const charges = resource({
  base: 'charges',
  schema: chargeSchema,
  listKey: ({ page, limit, currencyId }: ChargeListParams) => ({ page, limit, currencyId: currencyId ?? '' }),
  searchParams: ({ page, limit, currencyId }) => ({ page, limit, currency_id: currencyId }),
});

/** One factory for every charge query. */
export const chargeQueries = {
  ...charges.queries,
  /**
   * A currency's charges, as its detail page lists them: the first 100 (the API's largest page;
   * a currency has a handful of gateway charges).
   */
  ofCurrency: (currencyId: string) => charges.queries.list({ page: 1, limit: LIMIT_MAX, currencyId }),
  /** Dropdowns (the account-mapping modal) load page 1, limit 100 (spec §7). */
  forForms: () => charges.queries.list({ page: 1, limit: LIMIT_MAX }),
};

export const useCreateCharge = () => charges.useCreate<ChargePayload>(SUCCESS.chargeAdded);

/** Account mappings show their charge's amount and currency. */
export const useUpdateCharge = () =>
  charges.useUpdate<ChargePayload>(SUCCESS.chargeUpdated, [accountMappingQueries.lists()]);

export const useDeleteCharge = () => charges.useDelete(SUCCESS.chargeDeleted);
