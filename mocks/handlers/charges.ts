import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import type { Charge, ChargePayload } from '@contract/charge';
import type { Currency } from '@contract/currency';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { chargeOperations } from '@contract/operations/charges';
import { mappingCharge } from '../data/account-mappings';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { recordMockChange } from './change-history';

const NOT_FOUND = API_ERRORS.notFound('Charge');
const unknownCurrency = () => failure(400, `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`);

/** The server's UTC date, which fills an absent fee_on_date (spec deviation 5). */
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

/**
 * `GET/POST charges`, `GET/PUT/DELETE charges/{id}` (spec §7), answering like server/routes/charges.ts.
 * The list also answers create-account-mapping (its declaration's `alsoPermitted`): the account
 * mapping modal fills a dropdown from it.
 */
export const chargeHandlers = [
  mock(chargeOperations.list, ({ query: { page, limit, currency_id } }) => {
    const found = db.charges.filter((c) => !currency_id || c.currency_id === currency_id).sort(newestFirst);
    return pageOf(found, page, limit);
  }),

  mock(chargeOperations.detail, ({ params }) => {
    const charge = db.charges.find((c) => c.id === params.id);
    if (!charge) return failure(404, NOT_FOUND);
    return charge;
  }),

  mock(chargeOperations.create, ({ request, body }) => {
    const currency = db.currencies.find((c) => c.id === body.currency_id);
    if (!currency) return unknownCurrency();
    const created: Charge = {
      ...fromPayload(body, currency),
      id: crypto.randomUUID(),
      created_at: new Date().toISOString(),
    };
    db.charges = [created, ...db.charges];
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'CREATE', null, created));
    return created;
  }),

  mock(chargeOperations.update, ({ request, params, body }) => {
    const current = db.charges.find((c) => c.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    const currency = db.currencies.find((c) => c.id === body.currency_id);
    if (!currency) return unknownCurrency();
    const updated: Charge = { ...current, ...fromPayload(body, currency) };
    db.charges = db.charges.map((c) => (c.id === updated.id ? updated : c));
    // Mappings show their charge's amount and currency, which the server joins at read time.
    const shown = mappingCharge(updated);
    db.accountMappings = db.accountMappings.map((m) =>
      m.charge_id === updated.id ? { ...m, charge: shown } : m,
    );
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'UPDATE', current, updated));
    return updated;
  }),

  mock(chargeOperations.remove, ({ request, params }) => {
    const current = db.charges.find((c) => c.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    // Like the server: a charge an account mapping points at stays (its foreign key refuses it).
    const mappings = db.accountMappings.filter((m) => m.charge_id === current.id).length;
    if (mappings > 0) return failure(409, CATALOG_ERRORS.chargeInUse(mappings));
    db.charges = db.charges.filter((c) => c.id !== current.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.charge, 'DELETE', current, null));
    return current;
  }),
];
