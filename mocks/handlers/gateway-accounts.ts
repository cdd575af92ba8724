import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { pagedSchema, totalPages } from '@contract/envelope';
import { ACTIVATION_COMMAND_TARGET, activationCommandQuerySchema } from '@contract/fields';
import {
  type GatewayAccount,
  gatewayAccountCommandBodySchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountListQuerySchema,
  gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import type { PaymentMethod } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { recordMockChange } from './change-history';
import { parseBody, parseId, parseOr400 } from './payment-methods';

const gatewayAccountPage = pagedSchema(gatewayAccountSchema);
const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const unknownMethod = () =>
  failure(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`);

function matches(account: GatewayAccount, term: string): boolean {
  const needle = term.toLowerCase();
  return [account.code, account.account_number, account.routing_code, account.payment_method.name].some((s) =>
    s.toLowerCase().includes(needle),
  );
}

function methodRef(method: PaymentMethod): GatewayAccount['payment_method'] {
  return { id: method.id, name: method.name, logo: method.logo, type: method.type };
}

function codeTaken(code: string, exceptId?: string): Response | null {
  return db.gatewayAccounts.some((a) => a.code === code && a.id !== exceptId)
    ? failure(409, CATALOG_ERRORS.gatewayAccountCodeTaken(code))
    : null;
}

function replace(updated: GatewayAccount): void {
  db.gatewayAccounts = db.gatewayAccounts.map((a) => (a.id === updated.id ? updated : a));
}

/**
 * `GET|POST gateway-accounts`, `GET|PUT gateway-accounts/{id}` and
 * `POST gateway-accounts/{id}?command=`, like server/routes/gateway-accounts.ts. The balance is
 * never taken from a request.
 */
export const gatewayAccountHandlers = [
  http.get(`${API}/gateway-accounts`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewGatewayAccount);
    if (refusal) return refusal;
    const query = parseOr400(gatewayAccountListQuerySchema, queryOf(request));
    if (query.refusal) return query.refusal;
    const { page, limit, search_term } = query.output;
    const found = db.gatewayAccounts
      .filter((a) => !search_term || matches(a, search_term))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return ok(gatewayAccountPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/gateway-accounts/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewGatewayAccount);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const account = db.gatewayAccounts.find((a) => a.id === id.output);
    if (!account) return failure(404, NOT_FOUND);
    return ok(gatewayAccountSchema, account);
  }),

  http.post(`${API}/gateway-accounts`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.createGatewayAccount);
    if (refusal) return refusal;
    const body = await parseBody(request, gatewayAccountCreatePayloadSchema);
    if (body.refusal) return body.refusal;
    const payload = body.output;
    const method = db.paymentMethods.find((m) => m.id === payload.payment_method_id);
    if (!method) return unknownMethod();
    // On add the number must have the method's length (docs/spec-deviations.md 28).
    if (payload.account_number.length !== method.account_number_length)
      return failure(
        400,
        `account_number: ${VALIDATION.gatewayAccount.accountNumberLength(method.account_number_length)}`,
      );
    const taken = codeTaken(payload.code);
    if (taken) return taken;
    const created: GatewayAccount = {
      id: crypto.randomUUID(),
      code: payload.code,
      payment_method: methodRef(method),
      account_number: payload.account_number,
      routing_code: payload.routing_code,
      total_balance: '0',
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.gatewayAccounts = [created, ...db.gatewayAccounts];
    recordMockChange(request, changeOf(CHANGE_SPECS.gatewayAccount, 'CREATE', null, created));
    return ok(gatewayAccountSchema, created, 201);
  }),

  http.put(`${API}/gateway-accounts/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updateGatewayAccount);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const body = await parseBody(request, gatewayAccountUpdatePayloadSchema);
    if (body.refusal) return body.refusal;
    const account = db.gatewayAccounts.find((a) => a.id === id.output);
    if (!account) return failure(404, NOT_FOUND);
    const payload = body.output;
    const method = db.paymentMethods.find((m) => m.id === payload.payment_method_id);
    if (!method) return unknownMethod();
    const taken = codeTaken(payload.code, account.id);
    if (taken) return taken;
    const updated: GatewayAccount = {
      ...account,
      code: payload.code,
      payment_method: methodRef(method),
      account_number: payload.account_number,
      routing_code: payload.routing_code,
    };
    replace(updated);
    recordMockChange(request, changeOf(CHANGE_SPECS.gatewayAccount, 'UPDATE', account, updated));
    return ok(gatewayAccountSchema, updated);
  }),

  http.post(`${API}/gateway-accounts/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updateGatewayAccount);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const query = parseOr400(activationCommandQuerySchema, queryOf(request));
    if (query.refusal) return query.refusal;
    // The spec's `{ isActive }` body is accepted and ignored, but must be well formed.
    const text = await request.text();
    if (text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return failure(400, API_ERRORS.bodyObject);
      }
      const bodyCheck = parseOr400(gatewayAccountCommandBodySchema, parsed);
      if (bodyCheck.refusal) return bodyCheck.refusal;
    }
    const account = db.gatewayAccounts.find((a) => a.id === id.output);
    if (!account) return failure(404, NOT_FOUND);
    const target = ACTIVATION_COMMAND_TARGET[query.output.command];
    if (account.status === target)
      return failure(409, CATALOG_ERRORS.alreadyInStatus('Gateway account', account.status));
    const updated: GatewayAccount = { ...account, status: target };
    replace(updated);
    recordMockChange(
      request,
      changeOf(CHANGE_SPECS.gatewayAccount, COMMAND_ACTION[query.output.command], account, updated),
    );
    return ok(gatewayAccountSchema, updated);
  }),
];
