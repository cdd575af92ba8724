import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { paymentMethodOperations } from '@contract/operations/payment-methods';
import type { PaymentMethod, PaymentMethodPayload } from '@contract/payment-method';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { applyActivation } from './activation';
import { recordMockChange } from './change-history';

const NOT_FOUND = API_ERRORS.notFound('Payment method');

function matches(method: PaymentMethod, term: string): boolean {
  const needle = term.toLowerCase();
  return method.name.toLowerCase().includes(needle) || method.code.toLowerCase().includes(needle);
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
 * The list also answers create-account-mapping (its declaration's `alsoPermitted`): the account
 * mapping modal fills a dropdown from it.
 */
export const paymentMethodHandlers = [
  mock(paymentMethodOperations.list, ({ query: { page, limit, search_term, sort } }) => {
    const found = db.paymentMethods.filter((m) => !search_term || matches(m, search_term)).sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: {
        created: (m) => m.created_at,
        name: (m) => m.name,
        type: (m) => m.type,
        status: (m) => m.status,
      },
    });
    return pageOf(sorted, page, limit);
  }),

  mock(paymentMethodOperations.detail, ({ params }) => {
    const method = findMethod(params.id);
    if (!method) return failure(404, NOT_FOUND);
    return method;
  }),

  mock(paymentMethodOperations.limits, ({ params }) => {
    if (!findMethod(params.id)) return failure(404, NOT_FOUND);
    // In the order they were added (docs/spec-deviations.md 35).
    return db.transactionLimits
      .filter((l) => l.payment_method_id === params.id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }),

  mock(paymentMethodOperations.create, ({ request, body }) => {
    const refused = payloadRefusal(body);
    if (refused) return refused;
    const created: PaymentMethod = {
      ...body,
      id: crypto.randomUUID(),
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.paymentMethods = [created, ...db.paymentMethods];
    recordMockChange(request, changeOf(CHANGE_SPECS.paymentMethod, 'CREATE', null, created));
    return created;
  }),

  mock(paymentMethodOperations.update, ({ request, params, body }) => {
    const method = findMethod(params.id);
    if (!method) return failure(404, NOT_FOUND);
    const refused = payloadRefusal(body, method.id);
    if (refused) return refused;
    const updated: PaymentMethod = { ...method, ...body };
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
    return updated;
  }),

  mock(paymentMethodOperations.command, ({ request, params, query: { command } }) => {
    const method = findMethod(params.id);
    if (!method) return failure(404, NOT_FOUND);
    return applyActivation(request, method, command, {
      label: 'Payment method',
      spec: CHANGE_SPECS.paymentMethod,
      store: (updated) => {
        db.paymentMethods = db.paymentMethods.map((m) => (m.id === updated.id ? updated : m));
      },
    });
  }),
];
