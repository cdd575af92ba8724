/**
 * Gateway charges (spec §7): create, list (optionally one currency's), detail, update, delete.
 * Access, paths and validation are the declarations' (contract/operations/charges.ts); the list
 * also answers create-account-mapping holders, whose modal fills its charge dropdown from it. A
 * charge and its ranges are written in one transaction; a refused request writes nothing.
 */
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { chargeOperations } from '@contract/operations/charges';
import { actorOf } from '../auth/actor';
import { recordChange } from '../db/queries/change-history';
import {
  accountMappingsOfCharge,
  currencyExists,
  deleteCharge,
  findCharge,
  insertCharge,
  listCharges,
  lockCharge,
  updateCharge,
} from '../db/queries/charges';
import { isForeignKeyViolation } from '../db/sql';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { fieldError } from '../http/validate';
import { editRecorded, found, insertRecorded, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Charge');
const unknownCurrency = () => fieldError('currency_id', CATALOG_ERRORS.unknownReference('currency'));

/** A currency deleted between the check and the insert trips the foreign key: same 400. */
function missingCurrencyAs400(error: unknown): never {
  if (isForeignKeyViolation(error)) throw unknownCurrency();
  throw error;
}

export function chargeRoutes({ db, clock }: RouteDeps) {
  /** Spec deviation 5: fee_on_date defaults to today, the server clock's UTC date. */
  const today = () => clock().toISOString().slice(0, 10);

  return [
    handle(chargeOperations.list, ({ query }) => pageOf(listCharges(db, query), query)),

    handle(chargeOperations.detail, ({ params }) => found(findCharge(db, params.id), NOT_FOUND)),

    handle(chargeOperations.create, ({ c, body: payload, claims }) =>
      insertRecorded(db, actorOf(claims, c), clock, CHANGE_SPECS.charge, async (tx, now) => {
        if (!(await currencyExists(tx, payload.currency_id))) throw unknownCurrency();
        const charge = await findCharge(tx, await insertCharge(tx, payload, now, today()));
        // Read back in the same transaction, so always there; if not, nothing is kept.
        if (!charge) throw new Error('The charge just inserted could not be read back');
        return charge;
      }).catch(missingCurrencyAs400),
    ),

    handle(chargeOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      const actor = actorOf(claims, c);
      const updated = await db
        .transaction(async (tx) => {
          if (!(await lockCharge(tx, id))) throw new ApiError(404, NOT_FOUND);
          if (!(await currencyExists(tx, payload.currency_id))) throw unknownCurrency();
          const now = clock();
          return editRecorded(
            { tx, actor, now },
            CHANGE_SPECS.charge,
            'UPDATE',
            () => findCharge(tx, id),
            () => updateCharge(tx, id, payload, now, today()),
          );
        })
        .catch(missingCurrencyAs400);
      return found(updated, NOT_FOUND);
    }),

    handle(chargeOperations.remove, async ({ c, params: { id }, claims }) => {
      const actor = actorOf(claims, c);
      const charge = await findCharge(db, id);
      if (!charge) throw new ApiError(404, NOT_FOUND);
      const inUse = async (): Promise<never> => {
        throw new ApiError(409, CATALOG_ERRORS.chargeInUse(await accountMappingsOfCharge(db, id)));
      };
      if ((await accountMappingsOfCharge(db, id)) > 0) await inUse();
      // A mapping added between the count and the delete still trips the foreign key (23503).
      const deleted = await db
        .transaction(async (tx) => {
          if (!(await lockCharge(tx, id))) return false;
          // Read again under the lock: the charge as it is deleted, not as it was before the count.
          const last = await findCharge(tx, id);
          const gone = await deleteCharge(tx, id);
          if (gone && last)
            await recordChange(tx, actor, clock(), changeOf(CHANGE_SPECS.charge, 'DELETE', last, null));
          return gone;
        })
        .catch(async (error: unknown) => {
          if (isForeignKeyViolation(error)) return inUse();
          throw error;
        });
      if (!deleted) throw new ApiError(404, NOT_FOUND);
      return charge;
    }),
  ];
}
