import { CHANGE_SPECS, changeOf, merchantStatusAction } from '@contract/change-history';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import {
  MERCHANT_COMMAND_TARGET,
  MERCHANT_COMMANDS_BY_STATUS,
  type Merchant,
  type MerchantDetail,
  merchantAccountsSchema,
  merchantCommandQuerySchema,
  merchantDetailSchema,
  merchantListQuerySchema,
  merchantSchema,
} from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { HttpResponse, http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, actorOf, failure, ok, queryOf, refuse } from '../http';
import { recordMockChange } from './change-history';

const merchantPage = pagedSchema(merchantSchema);

/** A tiny valid-looking PDF: enough for a download to have bytes and a type. */
const MINIMAL_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** Spec §7 `search_term`: name, code, phone or e-mail, case-insensitive. */
function matches(merchant: Merchant, term: string): boolean {
  const needle = term.toLowerCase();
  const detail = merchant.business_detail;
  return [merchant.merchant_code, detail?.name, detail?.phone_number, detail?.email].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

function findMerchant(id: string | readonly string[] | undefined): Merchant | undefined {
  return db.merchants.find((m) => m.id === id);
}

/** `GET merchants`, `GET merchants/{id}`, `GET merchants/{id}/accounts`, `PATCH merchants/{id}?command=`. */
/** A merchant as `GET merchants/{id}` answers it: with its last status change, if any. */
function withStatusChange(merchant: Merchant): MerchantDetail {
  return { ...merchant, status_change: db.merchantStatusChanges.get(merchant.id) ?? null };
}

export const merchantHandlers = [
  http.get(`${API}/merchants`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewMerchant);
    if (refusal) return refusal;
    const query = v.safeParse(merchantListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit, search_term, status } = query.output;

    const found = db.merchants
      .filter((m) => !status || m.status === status)
      .filter((m) => !search_term || matches(m, search_term))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return ok(merchantPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/merchants/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewMerchant);
    if (refusal) return refusal;
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    return ok(merchantDetailSchema, withStatusChange(merchant));
  }),

  http.get(`${API}/merchants/:id/accounts`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewMerchantAccount);
    if (refusal) return refusal;
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    const contents = db.merchantAccounts.get(merchant.id) ?? [];
    return ok(merchantAccountsSchema, { is_empty: contents.length === 0, contents });
  }),

  http.patch(`${API}/merchants/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.changeStatusMerchant);
    if (refusal) return refusal;
    const query = v.safeParse(merchantCommandQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const merchant = findMerchant(params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    const { command } = query.output;
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
    return ok(merchantDetailSchema, withStatusChange(updated));
  }),

  /**
   * `GET files/documents/*` (docs/api.md "Files"): needs the bearer token; answers the bytes as an
   * attachment named after the last path segment. Any path not ending in `.pdf` is 404, so a test
   * can point a merchant's document at `/documents/missing` to see the failed download.
   */
  http.get(`${API}/files/documents/*`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewMerchant);
    if (refusal) return refusal;
    const name = new URL(request.url).pathname.split('/').at(-1) ?? '';
    if (!name.endsWith('.pdf')) return failure(404, API_ERRORS.notFound('File'));
    return new HttpResponse(MINIMAL_PDF, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  }),
];
