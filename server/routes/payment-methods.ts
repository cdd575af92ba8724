/**
 * Payment methods (spec §7): list, detail, create, update and the activate/deactivate command.
 * Each route names its spec §6 permission next to its definition. Writes are one transaction each,
 * so a refused request writes nothing.
 */

import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { type pagedSchema, totalPages } from '@contract/envelope';
import { activationCommandQuerySchema } from '@contract/fields';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import {
  paymentMethodListQuerySchema,
  paymentMethodPayloadSchema,
  type paymentMethodSchema,
} from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import type { TransactionLimitList } from '@contract/transaction-limit';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
import type { Executor } from '../db/connect';
import { recordChange } from '../db/queries/change-history';
import {
  applyPaymentMethodCommand,
  findPaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  missingCurrencyCodes,
  paymentMethodCodeTaken,
  paymentMethodStatus,
  updatePaymentMethod,
} from '../db/queries/payment-methods';
import { listLimitsOf } from '../db/queries/transaction-limits';
import { isUniqueViolation } from '../db/sql';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { fieldError, parseIdParam, parseJsonBody, parseOr400 } from '../http/validate';

type PaymentMethodList = v.InferOutput<ReturnType<typeof pagedSchema<typeof paymentMethodSchema>>>;
type Payload = v.InferOutput<typeof paymentMethodPayloadSchema>;

const NOT_FOUND = API_ERRORS.notFound('Payment method');

/** The checks a create and an update share, inside the writing transaction. */
async function checkPayload(tx: Executor, payload: Payload, exceptId?: string): Promise<void> {
  const missing = await missingCurrencyCodes(tx, payload.supported_currencies);
  if (missing.length > 0)
    throw fieldError('supported_currencies', CATALOG_ERRORS.unknownCurrencyCodes(missing));
  if (await paymentMethodCodeTaken(tx, payload.code, exceptId))
    throw new ApiError(409, CATALOG_ERRORS.paymentMethodCodeTaken(payload.code));
}

/** A concurrent insert of the same code passes the pre-check; the unique index still refuses it. */
function duplicateCodeAs409(code: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError(409, CATALOG_ERRORS.paymentMethodCodeTaken(code));
    throw error;
  };
}

export function paymentMethodRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  // Read-only, so also for holders of create-account-mapping: the mapping modal's payment method dropdown
  // loads this list (spec §7; docs/spec-deviations.md).
  app.get(
    '/',
    requireAnyPermission(PERMISSIONS.viewPaymentMethod, PERMISSIONS.createAccountMapping),
    async (c) => {
      const query = parseOr400(paymentMethodListQuerySchema, c.req.query());
      const { contents, total } = await listPaymentMethods(db, query);
      return ok<PaymentMethodList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
    },
  );

  app.get('/:id', requirePermission(PERMISSIONS.viewPaymentMethod), async (c) => {
    const method = await findPaymentMethod(db, parseIdParam(c));
    if (!method) throw new ApiError(404, NOT_FOUND);
    return ok(c, method);
  });

  // The method's transaction limits, a plain array (spec §7). Spec §6 names no permission for limits;
  // reading them takes the method's view permission (docs/api.md, "Transaction limits").
  app.get('/:id/transaction-limits', requirePermission(PERMISSIONS.viewPaymentMethod), async (c) => {
    const id = parseIdParam(c);
    if ((await paymentMethodStatus(db, id)) === undefined) throw new ApiError(404, NOT_FOUND);
    return ok<TransactionLimitList>(c, await listLimitsOf(db, id));
  });

  app.post('/', requirePermission(PERMISSIONS.createPaymentMethod), async (c) => {
    const payload = await parseJsonBody(c, paymentMethodPayloadSchema);
    const actor = actorOf(c.get('claims'));
    const created = await db
      .transaction(async (tx) => {
        await checkPayload(tx, payload);
        const now = clock();
        const method = await insertPaymentMethod(tx, payload, now);
        await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.paymentMethod, 'CREATE', null, method));
        return method;
      })
      .catch(duplicateCodeAs409(payload.code));
    return ok(c, created, 201);
  });

  app.put('/:id', requirePermission(PERMISSIONS.updatePaymentMethod), async (c) => {
    const id = parseIdParam(c);
    const payload = await parseJsonBody(c, paymentMethodPayloadSchema);
    const actor = actorOf(c.get('claims'));
    const updated = await db
      .transaction(async (tx) => {
        if ((await paymentMethodStatus(tx, id)) === undefined) throw new ApiError(404, NOT_FOUND);
        // Locked after checkPayload's currency locks, the order a currency rename takes them in.
        await checkPayload(tx, payload, id);
        const before = await findPaymentMethod(tx, id, true);
        if (!before) throw new ApiError(404, NOT_FOUND);
        const now = clock();
        const after = await updatePaymentMethod(tx, id, payload, now);
        if (after)
          await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.paymentMethod, 'UPDATE', before, after));
        return after;
      })
      .catch(duplicateCodeAs409(payload.code));
    if (!updated) throw new ApiError(404, NOT_FOUND);
    return ok(c, updated);
  });

  app.post('/:id', requirePermission(PERMISSIONS.changeStatusPaymentMethod), async (c) => {
    const id = parseIdParam(c);
    const { command } = parseOr400(activationCommandQuerySchema, c.req.query());
    const actor = actorOf(c.get('claims'));
    const updated = await db.transaction(async (tx) => {
      const before = await findPaymentMethod(tx, id, true);
      const now = clock();
      const after = await applyPaymentMethodCommand(tx, id, command, now);
      if (before && after)
        await recordChange(
          tx,
          actor,
          now,
          changeOf(CHANGE_SPECS.paymentMethod, COMMAND_ACTION[command], before, after),
        );
      return after;
    });
    if (!updated) {
      const status = await paymentMethodStatus(db, id);
      if (status === undefined) throw new ApiError(404, NOT_FOUND);
      throw new ApiError(409, CATALOG_ERRORS.alreadyInStatus('Payment method', status));
    }
    return ok(c, updated);
  });

  return app;
}
