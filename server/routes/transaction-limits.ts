/**
 * Transaction limits (spec §7): create, update, delete and activate/deactivate under
 * /transaction-limits. The list, `GET /payment-methods/{id}/transaction-limits` (a plain array), is
 * answered by the payment-method router, which owns that path. Access, paths and validation are the
 * declarations' (contract/operations/transaction-limits.ts).
 *
 * Spec §6 puts no permission on limit add, edit and delete (the console checks none). The server
 * takes the payment method's: `update-payment-method` for every change (the activate command
 * included), `view-payment-method` for the list (docs/api.md, "Transaction limits").
 */
import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { transactionLimitOperations } from '@contract/operations/transaction-limits';
import { actorOf } from '../auth/actor';
import type { Executor } from '../db/connect';
import { recordChange } from '../db/queries/change-history';
import {
  applyLimitCommand,
  deleteLimit,
  findLimitRow,
  insertLimit,
  type LimitRange,
  lockPaymentMethod,
  overlappingActiveLimit,
  toTransactionLimit,
  updateLimit,
} from '../db/queries/transaction-limits';
import { money } from '../db/sql';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { fieldError } from '../http/validate';
import { found, insertRecorded } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Transaction limit');

/** 409 when an active limit of the same method and interval overlaps `range` (caller holds the lock). */
async function refuseOverlap(tx: Executor, range: LimitRange, exceptId?: string): Promise<void> {
  const other = await overlappingActiveLimit(tx, range, exceptId);
  if (other)
    throw new ApiError(
      409,
      CATALOG_ERRORS.limitOverlap(other.interval, money(other.minAmount), money(other.maxAmount)),
    );
}

/** Reads the limit, then locks its payment method: the lock order every limit write follows. */
async function lockLimit(tx: Executor, id: string) {
  const limit = await findLimitRow(tx, id);
  if (!limit) throw new ApiError(404, NOT_FOUND);
  await lockPaymentMethod(tx, limit.paymentMethodId);
  // Re-read under the lock: a concurrent write may have changed or deleted it meanwhile.
  const current = await findLimitRow(tx, id);
  return found(current, NOT_FOUND);
}

export function transactionLimitRoutes({ db, clock }: RouteDeps) {
  return [
    handle(transactionLimitOperations.create, ({ c, body: payload, claims }) => {
      const range: LimitRange = {
        paymentMethodId: payload.payment_method_id,
        interval: payload.interval,
        min: payload.min_amount,
        max: payload.max_amount,
      };
      return insertRecorded(db, actorOf(claims, c), clock, CHANGE_SPECS.transactionLimit, async (tx, now) => {
        if (!(await lockPaymentMethod(tx, range.paymentMethodId)))
          throw fieldError('payment_method_id', CATALOG_ERRORS.unknownReference('payment method'));
        await refuseOverlap(tx, range);
        return insertLimit(tx, range, now);
      });
    }),

    handle(transactionLimitOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      const actor = actorOf(claims, c);
      const updated = await db.transaction(async (tx) => {
        const limit = await lockLimit(tx, id);
        const range: LimitRange = {
          paymentMethodId: limit.paymentMethodId,
          interval: payload.interval,
          min: payload.min_amount,
          max: payload.max_amount,
        };
        if (limit.status === 'ACTIVE') await refuseOverlap(tx, range, id);
        const now = clock();
        const after = await updateLimit(tx, id, range, now);
        if (after)
          await recordChange(
            tx,
            actor,
            now,
            changeOf(CHANGE_SPECS.transactionLimit, 'UPDATE', toTransactionLimit(limit), after),
          );
        return after;
      });
      return found(updated, NOT_FOUND);
    }),

    handle(transactionLimitOperations.remove, async ({ c, params: { id }, claims }) => {
      const actor = actorOf(claims, c);
      const deleted = await db.transaction(async (tx) => {
        const limit = await lockLimit(tx, id);
        const gone = await deleteLimit(tx, id);
        if (gone)
          await recordChange(
            tx,
            actor,
            clock(),
            changeOf(CHANGE_SPECS.transactionLimit, 'DELETE', toTransactionLimit(limit), null),
          );
        return gone;
      });
      return found(deleted, NOT_FOUND);
    }),

    handle(transactionLimitOperations.command, ({ c, params: { id }, query: { command }, claims }) => {
      const actor = actorOf(claims, c);
      return db.transaction(async (tx) => {
        const limit = await lockLimit(tx, id);
        if (command === 'activate' && limit.status !== 'ACTIVE') {
          await refuseOverlap(
            tx,
            {
              paymentMethodId: limit.paymentMethodId,
              interval: limit.interval,
              min: limit.minAmount,
              max: limit.maxAmount,
            },
            id,
          );
        }
        const now = clock();
        const changed = await applyLimitCommand(tx, id, command, now);
        if (!changed)
          throw new ApiError(409, CATALOG_ERRORS.alreadyInStatus('Transaction limit', limit.status));
        await recordChange(
          tx,
          actor,
          now,
          changeOf(
            CHANGE_SPECS.transactionLimit,
            COMMAND_ACTION[command],
            toTransactionLimit(limit),
            changed,
          ),
        );
        return changed;
      });
    }),
  ];
}
