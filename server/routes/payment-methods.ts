/**
 * Payment methods (spec §7): list, detail, a method's transaction limits, create, update and the
 * activate/deactivate command. Access, paths and validation are the declarations'
 * (contract/operations/payment-methods.ts). Writes are one transaction each, so a refused request
 * writes nothing.
 */

import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { paymentMethodOperations } from '@contract/operations/payment-methods';
import type { paymentMethodPayloadSchema } from '@contract/payment-method';
import type * as v from 'valibot';
import { actorOf } from '../auth/actor';
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
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { fieldError } from '../http/validate';
import { found, insertRecorded, pageOf, uniqueViolationAs409 } from './catalogue';

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

/** A concurrent write of the same code: the unique index refuses it with the same 409. */
const duplicateCodeAs409 = (code: string) =>
  uniqueViolationAs409(CATALOG_ERRORS.paymentMethodCodeTaken(code));

export function paymentMethodRoutes({ db, clock }: RouteDeps) {
  return [
    // Also open to holders of create-account-mapping (the declaration's alsoPermitted): the mapping
    // modal's payment method dropdown loads this list (docs/spec-deviations.md).
    handle(paymentMethodOperations.list, ({ query }) => pageOf(listPaymentMethods(db, query), query)),

    handle(paymentMethodOperations.detail, ({ params }) =>
      found(findPaymentMethod(db, params.id), NOT_FOUND),
    ),

    // The method's transaction limits, a plain array (spec §7). Spec §6 names no permission for
    // limits; reading them takes the method's view permission (docs/api.md, "Transaction limits").
    handle(paymentMethodOperations.limits, async ({ params: { id } }) => {
      if ((await paymentMethodStatus(db, id)) === undefined) throw new ApiError(404, NOT_FOUND);
      return listLimitsOf(db, id);
    }),

    handle(paymentMethodOperations.create, ({ c, body: payload, claims }) =>
      insertRecorded(db, actorOf(claims, c), clock, CHANGE_SPECS.paymentMethod, async (tx, now) => {
        await checkPayload(tx, payload);
        return insertPaymentMethod(tx, payload, now);
      }).catch(duplicateCodeAs409(payload.code)),
    ),

    handle(paymentMethodOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      const actor = actorOf(claims, c);
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
      return found(updated, NOT_FOUND);
    }),

    handle(paymentMethodOperations.command, async ({ c, params: { id }, query: { command }, claims }) => {
      const actor = actorOf(claims, c);
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
      return updated;
    }),
  ];
}
