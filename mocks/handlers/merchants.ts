import { CHANGE_SPECS, changeOf, merchantStatusAction } from '@contract/change-history';
import { MERCHANT_SORT_DEFAULT } from '@contract/list-sort';
import {
  MERCHANT_COMMAND_TARGET,
  MERCHANT_COMMANDS_BY_STATUS,
  type Merchant,
  type MerchantDetail,
} from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import { db } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { isDefaultOrder, sortRows } from '../sort';
import { recordMockChange } from './change-history';

/** Spec §7 `search_term`: name, code, phone or e-mail, case-insensitive. */
function matches(merchant: Merchant, term: string): boolean {
  const needle = term.toLowerCase();
  const detail = merchant.business_detail;
  return [merchant.merchant_code, detail?.name, detail?.phone_number, detail?.email].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

function findMerchant(id: string): Merchant | undefined {
  return db.merchants.find((m) => m.id === id);
}

/** A merchant as `GET merchants/{id}` answers it: with its last status change, if any. */
function withStatusChange(merchant: Merchant): MerchantDetail {
  return { ...merchant, status_change: db.merchantStatusChanges.get(merchant.id) ?? null };
}

export const merchantHandlers = [
  mock(merchantOperations.list, ({ query: { page, limit, search_term, status, sort } }) => {
    const found = db.merchants
      .filter((m) => !status || m.status === status)
      .filter((m) => !search_term || matches(m, search_term))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const sorted = isDefaultOrder(sort, MERCHANT_SORT_DEFAULT)
      ? found
      : sortRows(found, sort, {
          values: {
            created: (m) => m.created_at,
            name: (m) => m.business_detail?.name,
            code: (m) => m.merchant_code,
            status: (m) => m.status,
          },
        });
    return pageOf(sorted, page, limit);
  }),

  mock(merchantOperations.detail, ({ params }) => {
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    return withStatusChange(merchant);
  }),

  mock(merchantOperations.accounts, ({ params }) => {
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    const contents = db.merchantAccounts.get(merchant.id) ?? [];
    return { is_empty: contents.length === 0, contents };
  }),

  mock(merchantOperations.command, ({ request, params, query: { command } }) => {
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    // Spec §4: only the commands the status offers; anything else no longer applies.
    if (!MERCHANT_COMMANDS_BY_STATUS[merchant.status].includes(command)) {
      return failure(409, API_ERRORS.merchantCommand(command, merchant.status));
    }
    const updated: Merchant = { ...merchant, status: MERCHANT_COMMAND_TARGET[command] };
    db.merchants = db.merchants.map((m) => (m.id === updated.id ? updated : m));
    // As the server: the change is recorded with the caller's subject and name.
    db.merchantStatusChanges.set(updated.id, {
      from: merchant.status,
      to: updated.status,
      at: new Date().toISOString(),
      by: actorOf(request),
    });
    // The merchant's history reads every such change (server: merchant_status_changes).
    recordMockChange(
      request,
      changeOf(CHANGE_SPECS.merchant, merchantStatusAction(updated.status), merchant, updated),
    );
    return withStatusChange(updated);
  }),
];
