/**
 * Gateway charges (spec §7): create, list (optionally one currency's), detail, update, delete. Each
 * route names its spec §6 permission (type `charges`). A charge and its ranges are written in one
 * transaction; a refused request writes nothing.
 */
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { chargeListQuerySchema, chargePayloadSchema, type chargeSchema } from '@contract/charge';
import { type pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
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
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { fieldError, parseIdParam, parseJsonBody, parseOr400 } from '../http/validate';

type ChargeList = v.InferOutput<ReturnType<typeof pagedSchema<typeof chargeSchema>>>;

const NOT_FOUND = API_ERRORS.notFound('Charge');
const unknownCurrency = () => fieldError('currency_id', CATALOG_ERRORS.unknownReference('currency'));

/** A currency deleted between the check and the insert trips the foreign key: same 400. */
function missingCurrencyAs400(error: unknown): never {
  if (isForeignKeyViolation(error)) throw unknownCurrency();
  throw error;
}

export function chargeRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();
  /** DESIGN.md §6.5: fee_on_date defaults to today, the server clock's UTC date. */
  const today = () => clock().toISOString().slice(0, 10);

  // Read-only, so also for holders of create-account-mapping: the mapping modal's charge dropdown
  // loads this list (spec §7; docs/spec-deviations.md).
  app.get('/', requireAnyPermission(PERMISSIONS.viewCharge, PERMISSIONS.createAccountMapping), async (c) => {
    const query = parseOr400(chargeListQuerySchema, c.req.query());
    const { contents, total } = await listCharges(db, query);
    return ok<ChargeList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewCharge), async (c) => {
    const charge = await findCharge(db, parseIdParam(c));
    if (!charge) throw new ApiError(404, NOT_FOUND);
    return ok(c, charge);
  });

  app.post('/', requirePermission(PERMISSIONS.createCharge), async (c) => {
    const actor = actorOf(c.get('claims'));
    const payload = await parseJsonBody(c, chargePayloadSchema);
    const created = await db
      .transaction(async (tx) => {
        if (!(await currencyExists(tx, payload.currency_id))) throw unknownCurrency();
        const now = clock();
        const charge = await findCharge(tx, await insertCharge(tx, payload, now, today()));
        if (charge) await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.charge, 'CREATE', null, charge));
        return charge;
      })
      .catch(missingCurrencyAs400);
    return ok(c, created, 201);
  });

  app.put('/:id', requirePermission(PERMISSIONS.updateCharge), async (c) => {
    const actor = actorOf(c.get('claims'));
    const id = parseIdParam(c);
    const payload = await parseJsonBody(c, chargePayloadSchema);
    const updated = await db
      .transaction(async (tx) => {
        if (!(await lockCharge(tx, id))) throw new ApiError(404, NOT_FOUND);
        if (!(await currencyExists(tx, payload.currency_id))) throw unknownCurrency();
        const before = await findCharge(tx, id);
        const now = clock();
        await updateCharge(tx, id, payload, now, today());
        const after = await findCharge(tx, id);
        if (before && after)
          await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.charge, 'UPDATE', before, after));
        return after;
      })
      .catch(missingCurrencyAs400);
    if (!updated) throw new ApiError(404, NOT_FOUND);
    return ok(c, updated);
  });

  app.delete('/:id', requirePermission(PERMISSIONS.deleteCharge), async (c) => {
    const actor = actorOf(c.get('claims'));
    const id = parseIdParam(c);
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
    return ok(c, charge);
  });

  return app;
}
