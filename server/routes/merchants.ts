/**
 * Merchants (spec §7): list, detail, bank accounts, the activate/deactivate command and a
 * merchant's Transactions tab (spec §2 Merchant details). Access, paths and validation are the
 * declarations' (contract/operations/merchants.ts).
 */
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import { actorOf } from '../auth/actor';
import { merchantTimeline } from '../db/queries/merchant-timeline';
import {
  applyMerchantCommand,
  findMerchantDetail,
  listMerchantAccounts,
  listMerchants,
  merchantStatus,
} from '../db/queries/merchants';
import { listTransactions } from '../db/queries/transactions';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { found, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Merchant');

export function merchantRoutes({ db, clock }: RouteDeps) {
  async function findOr404(id: string) {
    return found(findMerchantDetail(db, id), NOT_FOUND);
  }
  async function assertExists(id: string) {
    if ((await merchantStatus(db, id)) === undefined) throw new ApiError(404, NOT_FOUND);
  }

  return [
    handle(merchantOperations.list, ({ query }) => pageOf(listMerchants(db, query), query)),

    handle(merchantOperations.detail, ({ params }) => findOr404(params.id)),

    handle(merchantOperations.accounts, async ({ params }) => {
      await assertExists(params.id);
      const contents = await listMerchantAccounts(db, params.id);
      return { is_empty: contents.length === 0, contents };
    }),

    handle(merchantOperations.command, async ({ c, params: { id }, query: { command }, claims }) => {
      if (!(await applyMerchantCommand(db, id, command, clock(), actorOf(claims, c)))) {
        // Nothing changed: say why, from the status as it is now.
        const status = await merchantStatus(db, id);
        if (status === undefined) throw new ApiError(404, NOT_FOUND);
        throw new ApiError(409, API_ERRORS.merchantCommand(command, status));
      }
      return findOr404(id);
    }),

    handle(merchantOperations.transactions, async ({ params, query }) => {
      await assertExists(params.id);
      const { contents, total, isEmpty } = await listTransactions(db, { ...query, merchantId: params.id });
      return { contents, total, total_pages: totalPages(total, query.limit), is_empty: isEmpty };
    }),

    handle(merchantOperations.timeline, async ({ params, query }) => {
      await assertExists(params.id);
      return merchantTimeline(db, params.id, query.limit);
    }),
  ];
}
