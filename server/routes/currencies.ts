/**
 * Currencies (spec §7): full CRUD at /currencies. Spec §6 names `update-currency` and
 * `delete-currency` but no create permission; creating takes `update-currency`
 * (docs/spec-deviations.md §12). Access, paths and validation are the declarations'
 * (contract/operations/currencies.ts). Writes are one transaction each.
 */
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { currencyOperations } from '@contract/operations/currencies';
import { actorOf } from '../auth/actor';
import { recordChange } from '../db/queries/change-history';
import {
  currencyCodeTaken,
  currencyUsage,
  deleteCurrency,
  describeUsage,
  findCurrency,
  findCurrencyRow,
  insertCurrency,
  listCurrencies,
  toCurrency,
  updateCurrency,
} from '../db/queries/currencies';
import { paymentMethodsListing } from '../db/queries/payment-methods';
import { isForeignKeyViolation } from '../db/sql';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { found, insertRecorded, pageOf, uniqueViolationAs409 } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Currency');

/** A concurrent write of the same code: the unique index refuses it with the same 409. */
const duplicateCodeAs409 = (code: string) => uniqueViolationAs409(CATALOG_ERRORS.currencyCodeTaken(code));

export function currencyRoutes({ db, clock }: RouteDeps) {
  return [
    handle(currencyOperations.list, ({ query }) => pageOf(listCurrencies(db, query), query)),

    handle(currencyOperations.detail, ({ params }) => found(findCurrency(db, params.id), NOT_FOUND)),

    // No create permission in spec §6: the resource's update permission (declared).
    handle(currencyOperations.create, ({ c, body: payload, claims }) =>
      insertRecorded(db, actorOf(claims, c), clock, CHANGE_SPECS.currency, async (tx, now) => {
        if (await currencyCodeTaken(tx, payload.name_code))
          throw new ApiError(409, CATALOG_ERRORS.currencyCodeTaken(payload.name_code));
        return insertCurrency(tx, payload, now);
      }).catch(duplicateCodeAs409(payload.name_code)),
    ),

    handle(currencyOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      const actor = actorOf(claims, c);
      const updated = await db
        .transaction(async (tx) => {
          const before = await findCurrencyRow(tx, id, true);
          if (!before) throw new ApiError(404, NOT_FOUND);
          if (await currencyCodeTaken(tx, payload.name_code, id))
            throw new ApiError(409, CATALOG_ERRORS.currencyCodeTaken(payload.name_code));
          // A new name_code is carried into payment methods' supported_currencies by the trigger, so
          // each method listing it changes too and its history says so. A method whose edit drops
          // the code meanwhile is not carried (the trigger re-checks it) and records nothing here.
          const renamed = before.nameCode !== payload.name_code;
          const listing = renamed ? await paymentMethodsListing(tx, before.nameCode) : new Map();
          const now = clock();
          const after = await updateCurrency(tx, id, payload, now);
          if (!after) return after;
          const carried = renamed ? await paymentMethodsListing(tx, after.name_code) : new Map();
          await recordChange(
            tx,
            actor,
            now,
            changeOf(CHANGE_SPECS.currency, 'UPDATE', toCurrency(before), after),
            ...[...listing].map(([methodId, method]) =>
              changeOf(CHANGE_SPECS.paymentMethod, 'UPDATE', method, carried.get(methodId) ?? method),
            ),
          );
          return after;
        })
        .catch(duplicateCodeAs409(payload.name_code));
      return found(updated, NOT_FOUND);
    }),

    handle(currencyOperations.remove, async ({ c, params: { id }, claims }) => {
      const actor = actorOf(claims, c);
      const current = await findCurrencyRow(db, id);
      if (!current) throw new ApiError(404, NOT_FOUND);
      const inUse = async (): Promise<never> => {
        const uses = describeUsage(await currencyUsage(db, id, current.nameCode));
        throw new ApiError(
          409,
          CATALOG_ERRORS.currencyInUse(current.nameCode, uses.length ? uses : ['other records']),
        );
      };
      // Counted first for a message naming every use; the foreign keys and the trigger still refuse
      // a use that appears between the count and the delete (23503), which is answered the same way.
      if (describeUsage(await currencyUsage(db, id, current.nameCode)).length > 0) await inUse();
      const deleted = await db
        .transaction(async (tx) => {
          const gone = await deleteCurrency(tx, id);
          if (gone)
            await recordChange(tx, actor, clock(), changeOf(CHANGE_SPECS.currency, 'DELETE', gone, null));
          return gone;
        })
        .catch(async (error: unknown) => {
          if (isForeignKeyViolation(error)) return inUse();
          throw error;
        });
      return found(deleted, NOT_FOUND);
    }),
  ];
}
