import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { idSchema } from '@contract/common';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import { ACTIVATION_COMMAND_TARGET, activationCommandQuerySchema } from '@contract/fields';
import { API_ERRORS, API_SERVER_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import {
  type PaymentMethod,
  type PaymentMethodPayload,
  paymentMethodListQuerySchema,
  paymentMethodPayloadSchema,
  paymentMethodSchema,
} from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { transactionLimitListSchema } from '@contract/transaction-limit';
import { http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { refuseUnlessAny } from '../refuse-any';
import { recordMockChange } from './change-history';

const paymentMethodPage = pagedSchema(paymentMethodSchema);
const NOT_FOUND = API_ERRORS.notFound('Payment method');

type Parsed<T> = { output: T; refusal?: undefined } | { output?: undefined; refusal: Response };

/** Parses with a contract schema, or the server's 400 naming the field. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  return result.success ? { output: result.output } : { refusal: failure(400, issuesMessage(result.issues)) };
}

const idParamSchema = v.object({ id: idSchema });

/** The `:id` path parameter as a UUID (`id: id must be a UUID` otherwise). */
export function parseId(id: unknown): Parsed<string> {
  const parsed = parseOr400(idParamSchema, { id });
  return parsed.refusal ? parsed : { output: parsed.output.id };
}

/** A JSON body parsed with a payload schema; the server's refusals for a wrong type or bad JSON. */
export async function parseBody<S extends v.GenericSchema>(
  request: Request,
  schema: S,
): Promise<Parsed<v.InferOutput<S>>> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return { refusal: failure(400, API_ERRORS.bodyObject) };
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return { refusal: failure(400, API_SERVER_ERRORS.unreadableBody) };
  }
  return parseOr400(schema, body);
}

function matches(method: PaymentMethod, term: string): boolean {
  const needle = term.toLowerCase();
  return method.name.toLowerCase().includes(needle) || method.code.toLowerCase().includes(needle);
}

/** Newest first, the id breaking ties (docs/spec-deviations.md 35). */
function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }) {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** Like the server's checkPayload: listed currencies must exist, codes are unique (409). */
function payloadRefusal(payload: PaymentMethodPayload, exceptId?: string): Response | null {
  const known = new Set(db.currencies.map((c) => c.name_code));
  const missing = payload.supported_currencies.filter((code) => !known.has(code));
  if (missing.length > 0)
    return failure(400, `supported_currencies: ${CATALOG_ERRORS.unknownCurrencyCodes(missing)}`);
  if (db.paymentMethods.some((m) => m.code === payload.code && m.id !== exceptId))
    return failure(409, CATALOG_ERRORS.paymentMethodCodeTaken(payload.code));
  return null;
}

function findMethod(id: string): PaymentMethod | undefined {
  return db.paymentMethods.find((m) => m.id === id);
}

/**
 * `GET|POST payment-methods`, `GET|PUT payment-methods/{id}`, `POST payment-methods/{id}?command=`
 * and `GET payment-methods/{id}/transaction-limits`, answering like server/routes/payment-methods.ts.
 */
export const paymentMethodHandlers = [
  http.get(`${API}/payment-methods`, ({ request }) => {
    // As on the server: the account mapping modal lists these with create-account-mapping alone.
    const refusal = refuseUnlessAny(request, [
      PERMISSIONS.viewPaymentMethod,
      PERMISSIONS.createAccountMapping,
    ]);
    if (refusal) return refusal;
    const query = parseOr400(paymentMethodListQuerySchema, queryOf(request));
    if (query.refusal) return query.refusal;
    const { page, limit, search_term } = query.output;
    const found = db.paymentMethods.filter((m) => !search_term || matches(m, search_term)).sort(newestFirst);
    return ok(paymentMethodPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/payment-methods/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewPaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const method = findMethod(id.output);
    if (!method) return failure(404, NOT_FOUND);
    return ok(paymentMethodSchema, method);
  }),

  http.get(`${API}/payment-methods/:id/transaction-limits`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewPaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    if (!findMethod(id.output)) return failure(404, NOT_FOUND);
    // In the order they were added (docs/spec-deviations.md 35).
    const limits = db.transactionLimits
      .filter((l) => l.payment_method_id === id.output)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    return ok(transactionLimitListSchema, limits);
  }),

  http.post(`${API}/payment-methods`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.createPaymentMethod);
    if (refusal) return refusal;
    const body = await parseBody(request, paymentMethodPayloadSchema);
    if (body.refusal) return body.refusal;
    const refused = payloadRefusal(body.output);
    if (refused) return refused;
    const created: PaymentMethod = {
      ...body.output,
      id: crypto.randomUUID(),
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.paymentMethods = [created, ...db.paymentMethods];
    recordMockChange(request, changeOf(CHANGE_SPECS.paymentMethod, 'CREATE', null, created));
    return ok(paymentMethodSchema, created, 201);
  }),

  http.put(`${API}/payment-methods/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updatePaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const body = await parseBody(request, paymentMethodPayloadSchema);
    if (body.refusal) return body.refusal;
    const method = findMethod(id.output);
    if (!method) return failure(404, NOT_FOUND);
    const refused = payloadRefusal(body.output, method.id);
    if (refused) return refused;
    const updated: PaymentMethod = { ...method, ...body.output };
    db.paymentMethods = db.paymentMethods.map((m) => (m.id === updated.id ? updated : m));
    // Gateway accounts show their method's name and logo, as the server's join does.
    db.gatewayAccounts = db.gatewayAccounts.map((a) =>
      a.payment_method.id === updated.id
        ? {
            ...a,
            payment_method: { id: updated.id, name: updated.name, logo: updated.logo, type: updated.type },
          }
        : a,
    );
    recordMockChange(request, changeOf(CHANGE_SPECS.paymentMethod, 'UPDATE', method, updated));
    return ok(paymentMethodSchema, updated);
  }),

  http.post(`${API}/payment-methods/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.changeStatusPaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const query = parseOr400(activationCommandQuerySchema, queryOf(request));
    if (query.refusal) return query.refusal;
    const method = findMethod(id.output);
    if (!method) return failure(404, NOT_FOUND);
    const target = ACTIVATION_COMMAND_TARGET[query.output.command];
    if (method.status === target)
      return failure(409, CATALOG_ERRORS.alreadyInStatus('Payment method', method.status));
    const updated: PaymentMethod = { ...method, status: target };
    db.paymentMethods = db.paymentMethods.map((m) => (m.id === updated.id ? updated : m));
    recordMockChange(
      request,
      changeOf(CHANGE_SPECS.paymentMethod, COMMAND_ACTION[query.output.command], method, updated),
    );
    return ok(paymentMethodSchema, updated);
  }),
];
