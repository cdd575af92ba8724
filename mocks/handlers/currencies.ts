import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import {
  type Currency,
  currencyListQuerySchema,
  currencyPayloadSchema,
  currencySchema,
} from '@contract/currency';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { recordMockChange } from './change-history';

const currencyPage = pagedSchema(currencySchema);
const NOT_FOUND = API_ERRORS.notFound('Currency');
const idParam = v.object({ id: v.pipe(v.string(), v.uuid(API_ERRORS.queryUuid('id'))) });

/** The `:id` path parameter as the server checks it: a UUID, or 400 naming `id`. */
export function pathId(id: unknown): { id: string } | { refusal: Response } {
  const parsed = v.safeParse(idParam, { id });
  return parsed.success ? { id: parsed.output.id } : { refusal: failure(400, issuesMessage(parsed.issues)) };
}

/** A JSON body parsed with a contract payload schema, or the server's 400 for it. */
export async function parseBody<S extends v.GenericSchema>(
  request: Request,
  schema: S,
): Promise<{ payload: v.InferOutput<S> } | { refusal: Response }> {
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') return { refusal: failure(400, API_ERRORS.bodyObject) };
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return { refusal: failure(400, API_SERVER_ERRORS.unreadableBody) };
  }
  const parsed = v.safeParse(schema, body);
  return parsed.success
    ? { payload: parsed.output }
    : { refusal: failure(400, issuesMessage(parsed.issues)) };
}

function codeTaken(nameCode: string, exceptId?: string): boolean {
  return db.currencies.some((c) => c.name_code === nameCode && c.id !== exceptId);
}

/** The server's usage count (server/routes/currency-queries.ts), worded the same way. */
function usesOf(currency: Currency): string[] {
  const charges = db.charges.filter((c) => c.currency_id === currency.id).length;
  const methods = db.paymentMethods.filter((m) => m.supported_currencies.includes(currency.name_code)).length;
  const parts: [number, string][] = [
    [charges, 'charge'],
    [methods, 'payment method'],
  ];
  return parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
}

/** `GET/POST currencies`, `GET/PUT/DELETE currencies/{id}` (spec §7), answering like server/routes/currencies.ts. */
export const currencyHandlers = [
  http.get(`${API}/currencies`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewCurrency);
    if (refusal) return refusal;
    const query = v.safeParse(currencyListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit, search_term } = query.output;
    const term = search_term?.toLowerCase();
    const found = db.currencies
      .filter((c) => !term || c.name.toLowerCase().includes(term) || c.name_code.toLowerCase().includes(term))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return ok(currencyPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/currencies/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewCurrency);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const currency = db.currencies.find((c) => c.id === path.id);
    if (!currency) return failure(404, NOT_FOUND);
    return ok(currencySchema, currency);
  }),

  // Spec §6 names no create permission: the server takes update-currency (docs/spec-deviations.md §12).
  http.post(`${API}/currencies`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.updateCurrency);
    if (refusal) return refusal;
    const body = await parseBody(request, currencyPayloadSchema);
    if ('refusal' in body) return body.refusal;
    const { payload } = body;
    if (codeTaken(payload.name_code))
      return failure(409, CATALOG_ERRORS.currencyCodeTaken(payload.name_code));
    const created: Currency = { ...payload, id: crypto.randomUUID(), created_at: new Date().toISOString() };
    db.currencies = [created, ...db.currencies];
    recordMockChange(request, changeOf(CHANGE_SPECS.currency, 'CREATE', null, created));
    return ok(currencySchema, created, 201);
  }),

  http.put(`${API}/currencies/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updateCurrency);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const body = await parseBody(request, currencyPayloadSchema);
    if ('refusal' in body) return body.refusal;
    const { payload } = body;
    const current = db.currencies.find((c) => c.id === path.id);
    if (!current) return failure(404, NOT_FOUND);
    if (codeTaken(payload.name_code, current.id))
      return failure(409, CATALOG_ERRORS.currencyCodeTaken(payload.name_code));
    const updated: Currency = { ...current, ...payload };
    db.currencies = db.currencies.map((c) => (c.id === updated.id ? updated : c));
    // Charges embed their currency, as the server's join does; payment methods name it by code,
    // which the server's trigger renames in the same statement.
    const ref = { id: updated.id, name: updated.name, name_code: updated.name_code };
    db.charges = db.charges.map((c) => (c.currency_id === updated.id ? { ...c, currency: ref } : c));
    const listing = db.paymentMethods.filter((m) => m.supported_currencies.includes(current.name_code));
    db.paymentMethods = db.paymentMethods.map((m) => ({
      ...m,
      supported_currencies: m.supported_currencies.map((code) =>
        code === current.name_code ? updated.name_code : code,
      ),
    }));
    recordMockChange(request, changeOf(CHANGE_SPECS.currency, 'UPDATE', current, updated));
    for (const method of listing) {
      const carried = db.paymentMethods.find((m) => m.id === method.id) ?? method;
      recordMockChange(request, changeOf(CHANGE_SPECS.paymentMethod, 'UPDATE', method, carried));
    }
    return ok(currencySchema, updated);
  }),

  http.delete(`${API}/currencies/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.deleteCurrency);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const current = db.currencies.find((c) => c.id === path.id);
    if (!current) return failure(404, NOT_FOUND);
    const uses = usesOf(current);
    if (uses.length > 0) return failure(409, CATALOG_ERRORS.currencyInUse(current.name_code, uses));
    db.currencies = db.currencies.filter((c) => c.id !== current.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.currency, 'DELETE', current, null));
    return ok(currencySchema, current);
  }),
];
