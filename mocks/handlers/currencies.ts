import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import type { Currency } from '@contract/currency';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { currencyOperations } from '@contract/operations/currencies';
import { allTransactions } from '../data/transactions';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { recordMockChange } from './change-history';

const NOT_FOUND = API_ERRORS.notFound('Currency');

function codeTaken(nameCode: string, exceptId?: string): boolean {
  return db.currencies.some((c) => c.name_code === nameCode && c.id !== exceptId);
}

/** The server's usage count (server/routes/currency-queries.ts), worded the same way. */
function usesOf(currency: Currency): string[] {
  const charges = db.charges.filter((c) => c.currency_id === currency.id).length;
  const methods = db.paymentMethods.filter((m) => m.supported_currencies.includes(currency.name_code)).length;
  const transactions = allTransactions(db.merchants).filter(
    (t) => t.transaction_method.currency.name_code === currency.name_code,
  ).length;
  const parts: [number, string][] = [
    [charges, 'charge'],
    [methods, 'payment method'],
    [transactions, 'transaction'],
  ];
  return parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
}

/** `GET/POST currencies`, `GET/PUT/DELETE currencies/{id}` (spec §7), answering like server/routes/currencies.ts. */
export const currencyHandlers = [
  mock(currencyOperations.list, ({ query: { page, limit, search_term, sort } }) => {
    const term = search_term?.toLowerCase();
    const found = db.currencies
      .filter((c) => !term || c.name.toLowerCase().includes(term) || c.name_code.toLowerCase().includes(term))
      .sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: {
        created: (c) => c.created_at,
        name: (c) => c.name,
        code: (c) => c.name_code,
        places: (c) => c.decimal_places,
      },
    });
    return pageOf(sorted, page, limit);
  }),

  mock(currencyOperations.detail, ({ params }) => {
    const currency = db.currencies.find((c) => c.id === params.id);
    if (!currency) return failure(404, NOT_FOUND);
    return currency;
  }),

  // Spec §6 names no create permission: the server takes update-currency (docs/spec-deviations.md §12).
  mock(currencyOperations.create, ({ request, body: payload }) => {
    if (codeTaken(payload.name_code))
      return failure(409, CATALOG_ERRORS.currencyCodeTaken(payload.name_code));
    const created: Currency = { ...payload, id: crypto.randomUUID(), created_at: new Date().toISOString() };
    db.currencies = [created, ...db.currencies];
    recordMockChange(request, changeOf(CHANGE_SPECS.currency, 'CREATE', null, created));
    return created;
  }),

  mock(currencyOperations.update, ({ request, params, body: payload }) => {
    const current = db.currencies.find((c) => c.id === params.id);
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
    return updated;
  }),

  mock(currencyOperations.remove, ({ request, params }) => {
    const current = db.currencies.find((c) => c.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    const uses = usesOf(current);
    if (uses.length > 0) return failure(409, CATALOG_ERRORS.currencyInUse(current.name_code, uses));
    db.currencies = db.currencies.filter((c) => c.id !== current.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.currency, 'DELETE', current, null));
    return current;
  }),
];
