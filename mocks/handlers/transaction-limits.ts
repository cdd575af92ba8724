import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { compare } from '@contract/decimal';
import { ACTIVATION_COMMAND_TARGET } from '@contract/fields';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { transactionLimitOperations } from '@contract/operations/transaction-limits';
import type { LimitInterval, TransactionLimit } from '@contract/transaction-limit';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { applyActivation } from './activation';
import { recordMockChange } from './change-history';

const NOT_FOUND = API_ERRORS.notFound('Transaction limit');

interface LimitRange {
  paymentMethodId: string;
  interval: LimitInterval;
  min: string;
  max: string;
}

/**
 * The server's rule: two ACTIVE limits of one method with the same interval may not have
 * intersecting closed ranges; a 409 names the one already there.
 */
function overlapRefusal(range: LimitRange, exceptId?: string): Response | null {
  const other = db.transactionLimits
    .filter(
      (l) =>
        l.id !== exceptId &&
        l.status === 'ACTIVE' &&
        l.payment_method_id === range.paymentMethodId &&
        l.interval === range.interval &&
        compare(l.min_amount, range.max) <= 0 &&
        compare(l.max_amount, range.min) >= 0,
    )
    .sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
  return other
    ? failure(409, CATALOG_ERRORS.limitOverlap(other.interval, other.min_amount, other.max_amount))
    : null;
}

function replace(updated: TransactionLimit): void {
  db.transactionLimits = db.transactionLimits.map((l) => (l.id === updated.id ? updated : l));
}

/**
 * `POST transaction-limits`, `PUT|DELETE transaction-limits/{id}` and
 * `POST transaction-limits/{id}?command=`, like server/routes/transaction-limits.ts: every change
 * needs update-payment-method (docs/spec-deviations.md 25). The list is in ./payment-methods.ts.
 */
export const transactionLimitHandlers = [
  mock(transactionLimitOperations.create, ({ request, body }) => {
    const { payment_method_id, interval, min_amount, max_amount } = body;
    if (!db.paymentMethods.some((m) => m.id === payment_method_id))
      return failure(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`);
    const overlap = overlapRefusal({
      paymentMethodId: payment_method_id,
      interval,
      min: min_amount,
      max: max_amount,
    });
    if (overlap) return overlap;
    const created: TransactionLimit = {
      id: crypto.randomUUID(),
      payment_method_id,
      min_amount,
      max_amount,
      interval,
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.transactionLimits = [...db.transactionLimits, created];
    recordMockChange(request, changeOf(CHANGE_SPECS.transactionLimit, 'CREATE', null, created));
    return created;
  }),

  mock(transactionLimitOperations.update, ({ request, params, body }) => {
    const limit = db.transactionLimits.find((l) => l.id === params.id);
    if (!limit) return failure(404, NOT_FOUND);
    const { interval, min_amount, max_amount } = body;
    if (limit.status === 'ACTIVE') {
      const overlap = overlapRefusal(
        { paymentMethodId: limit.payment_method_id, interval, min: min_amount, max: max_amount },
        limit.id,
      );
      if (overlap) return overlap;
    }
    const updated: TransactionLimit = { ...limit, interval, min_amount, max_amount };
    replace(updated);
    recordMockChange(request, changeOf(CHANGE_SPECS.transactionLimit, 'UPDATE', limit, updated));
    return updated;
  }),

  mock(transactionLimitOperations.remove, ({ request, params }) => {
    const limit = db.transactionLimits.find((l) => l.id === params.id);
    if (!limit) return failure(404, NOT_FOUND);
    db.transactionLimits = db.transactionLimits.filter((l) => l.id !== limit.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.transactionLimit, 'DELETE', limit, null));
    // Deletes answer the deleted record (docs/spec-deviations.md 26).
    return limit;
  }),

  mock(transactionLimitOperations.command, ({ request, params, query: { command } }) => {
    const limit = db.transactionLimits.find((l) => l.id === params.id);
    if (!limit) return failure(404, NOT_FOUND);
    const target = ACTIVATION_COMMAND_TARGET[command];
    if (target === 'ACTIVE' && limit.status !== 'ACTIVE') {
      const overlap = overlapRefusal(
        {
          paymentMethodId: limit.payment_method_id,
          interval: limit.interval,
          min: limit.min_amount,
          max: limit.max_amount,
        },
        limit.id,
      );
      if (overlap) return overlap;
    }
    return applyActivation(request, limit, command, {
      label: 'Transaction limit',
      spec: CHANGE_SPECS.transactionLimit,
      store: replace,
    });
  }),
];
