import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { accountNumberLengthIssue, type GatewayAccount } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { gatewayAccountOperations } from '@contract/operations/gateway-accounts';
import type { PaymentMethod } from '@contract/payment-method';
import { balancePlaces } from '../data/gateway-accounts';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { applyActivation } from './activation';
import { recordMockChange } from './change-history';

const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const unknownMethod = () =>
  failure(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`);

function matches(account: GatewayAccount, term: string): boolean {
  const needle = term.toLowerCase();
  return [account.code, account.account_number, account.routing_code, account.payment_method.name].some((s) =>
    s.toLowerCase().includes(needle),
  );
}

/** The account as the server's join reads it now: the places of its method's current currencies. */
function joined(account: GatewayAccount): GatewayAccount {
  const method = db.paymentMethods.find((m) => m.id === account.payment_method.id);
  return method ? { ...account, balance_decimal_places: balancePlaces(method, db.currencies) } : account;
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
 * never taken from a request; the command's optional `{ isActive }` body is checked by its
 * declaration and otherwise ignored.
 */
export const gatewayAccountHandlers = [
  mock(gatewayAccountOperations.list, ({ query: { page, limit, search_term, sort } }) => {
    const found = db.gatewayAccounts.filter((a) => !search_term || matches(a, search_term)).sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: {
        created: (a) => a.created_at,
        code: (a) => a.code,
        balance: (a) => a.total_balance,
        status: (a) => a.status,
      },
      decimal: ['balance'],
    });
    return pageOf(sorted.map(joined), page, limit);
  }),

  mock(gatewayAccountOperations.detail, ({ params }) => {
    const account = db.gatewayAccounts.find((a) => a.id === params.id);
    if (!account) return failure(404, NOT_FOUND);
    return joined(account);
  }),

  mock(gatewayAccountOperations.create, ({ request, body: payload }) => {
    const method = db.paymentMethods.find((m) => m.id === payload.payment_method_id);
    if (!method) return unknownMethod();
    // On add the number must have the method's length (docs/spec-deviations.md 28).
    const lengthIssue = accountNumberLengthIssue(payload.account_number, method.account_number_length);
    if (lengthIssue) return failure(400, `account_number: ${lengthIssue}`);
    const taken = codeTaken(payload.code);
    if (taken) return taken;
    const created: GatewayAccount = {
      id: crypto.randomUUID(),
      code: payload.code,
      payment_method: methodRef(method),
      account_number: payload.account_number,
      routing_code: payload.routing_code,
      total_balance: '0',
      balance_decimal_places: balancePlaces(method, db.currencies),
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.gatewayAccounts = [created, ...db.gatewayAccounts];
    recordMockChange(request, changeOf(CHANGE_SPECS.gatewayAccount, 'CREATE', null, created));
    return created;
  }),

  mock(gatewayAccountOperations.update, ({ request, params, body: payload }) => {
    const account = db.gatewayAccounts.find((a) => a.id === params.id);
    if (!account) return failure(404, NOT_FOUND);
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
      balance_decimal_places: balancePlaces(method, db.currencies),
    };
    replace(updated);
    recordMockChange(request, changeOf(CHANGE_SPECS.gatewayAccount, 'UPDATE', account, updated));
    return updated;
  }),

  mock(gatewayAccountOperations.command, ({ request, params, query: { command } }) => {
    const account = db.gatewayAccounts.find((a) => a.id === params.id);
    if (!account) return failure(404, NOT_FOUND);
    return applyActivation(request, account, command, {
      label: 'Gateway account',
      spec: CHANGE_SPECS.gatewayAccount,
      store: replace,
    });
  }),
];
