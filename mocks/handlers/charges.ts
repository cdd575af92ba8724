import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import {
  type Charge,
  type ChargePayload,
  chargeListQuerySchema,
  chargePayloadSchema,
  chargeSchema,
} from '@contract/charge';
import type { Currency } from '@contract/currency';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { refuseUnlessAny } from '../refuse-any';
import { recordMockChange } from './change-history';
import { parseBody, pathId } from './currencies';

const chargePage = pagedSchema(chargeSchema);
const NOT_FOUND = API_ERRORS.notFound('Charge');
const unknownCurrency = () => failure(400, `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`);

/** The server's UTC date, which fills an absent fee_on_date (DESIGN.md §6.5). */
const today = () => new Date().toISOString().slice(0, 10);

/** What the server stores for a payload (server/routes/charge-queries.ts columnsOf). */
function fromPayload(payload: ChargePayload, currency: Currency): Omit<Charge, 'id' | 'created_at'> {
  return {
    currency_id: currency.id,
    name: payload.name,
    charge_type: payload.charge_type,
    charge_time: payload.charge_time,
    charge_calculation_method: payload.charge_calculation_method,
    // A ranged charge's own amount is 0 (spec §4: Ranged sets it to 0).
    amount: payload.is_range ? '0' : payload.amount,
    is_range: payload.is_range,
    charge_ranges: payload.is_range ? payload.charge_ranges : [],
    fee_on_date: payload.fee_on_date ?? today(),
    fee_interval: payload.fee_interval,
    currency: { id: currency.id, name: currency.name, name_code: currency.name_code },
  };
}

/** `GET/POST charges`, `GET/PUT/DELETE charges/{id}` (spec §7), answering like server/routes/charges.ts. */
export const chargeHandlers = [
  http.get(`${API}/charges`, ({ request }) => {
    // As on the server: the account mapping modal lists these with create-account-mapping alone.
    const refusal = refuseUnlessAny(request, [PERMISSIONS.viewCharge, PERMISSIONS.createAccountMapping]);
    if (refusal) return refusal;
    const query = v.safeParse(chargeListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit, currency_id } = query.output;
    const found = db.charges
      .filter((c) => !currency_id || c.currency_id === currency_id)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return ok(chargePage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/charges/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewCharge);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const charge = db.charges.find((c) => c.id === path.id);
    if (!charge) return failure(404, NOT_FOUND);
    return ok(chargeSchema, charge);
  }),

  http.post(`${API}/charges`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.createCharge);
    if (refusal) return refusal;
    const body = await parseBody(request, chargePayloadSchema);
    if ('refusal' in body) return body.refusal;
    const currency = db.currencies.find((c) => c.id === body.payload.currency_id);
    if (!currency) return unknownCurrency();
    const created: Charge = {
      ...fromPayload(body.payload, currency),
      id: crypto.randomUUID(),
      created_at: new Date().toISOString(),
    };
    db.charges = [created, ...db.charges];
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'CREATE', null, created));
    return ok(chargeSchema, created, 201);
  }),

  http.put(`${API}/charges/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updateCharge);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const body = await parseBody(request, chargePayloadSchema);
    if ('refusal' in body) return body.refusal;
    const current = db.charges.find((c) => c.id === path.id);
    if (!current) return failure(404, NOT_FOUND);
    const currency = db.currencies.find((c) => c.id === body.payload.currency_id);
    if (!currency) return unknownCurrency();
    const updated: Charge = { ...current, ...fromPayload(body.payload, currency) };
    db.charges = db.charges.map((c) => (c.id === updated.id ? updated : c));
    // Mappings show their charge's amount and currency, which the server joins at read time.
    const shown = { amount: updated.amount, currency: { name: updated.currency.name } };
    db.accountMappings = db.accountMappings.map((m) =>
      m.charge_id === updated.id ? { ...m, charge: shown } : m,
    );
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'UPDATE', current, updated));
    return ok(chargeSchema, updated);
  }),

  http.delete(`${API}/charges/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.deleteCharge);
    if (refusal) return refusal;
    const path = pathId(params.id);
    if ('refusal' in path) return path.refusal;
    const current = db.charges.find((c) => c.id === path.id);
    if (!current) return failure(404, NOT_FOUND);
    // Like the server: a charge an account mapping points at stays (its foreign key refuses it).
    const mappings = db.accountMappings.filter((m) => m.charge_id === current.id).length;
    if (mappings > 0) return failure(409, CATALOG_ERRORS.chargeInUse(mappings));
    db.charges = db.charges.filter((c) => c.id !== current.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'DELETE', current, null));
    return ok(chargeSchema, current);
  }),
];
