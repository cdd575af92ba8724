import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { merchantTransactionListQuerySchema, transactionPageSchema } from '@contract/transaction';
import { http } from 'msw';
import * as v from 'valibot';
import { buildMerchantTransactions } from '../data/transactions';
import { db } from '../db';
import { API, failure, firstIssue, ok, queryOf, refuse } from '../http';

/** `GET merchants/{id}/transactions` (docs/api.md): the merchant details screen's Transactions tab. */
export const transactionHandlers = [
  http.get(`${API}/merchants/:id/transactions`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewMerchant);
    if (refusal) return refusal;
    const query = v.safeParse(merchantTransactionListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, firstIssue(query.issues));
    const index = db.merchants.findIndex((m) => m.id === params.id);
    const merchant = db.merchants[index];
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    const { page, limit, status, types } = query.output;

    const all = buildMerchantTransactions(merchant, index);
    const found = all.filter((t) => status.includes(t.status) && types.includes(t.type));
    return ok(transactionPageSchema, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
      // About the merchant, not the filter (docs/api.md): a filter leaving nothing is not "empty".
      is_empty: all.length === 0,
    });
  }),
];
