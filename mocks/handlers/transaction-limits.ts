import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { ACTIVATION_COMMAND_TARGET, activationCommandQuerySchema, compareDecimals } from '@contract/fields';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import {
  type LimitInterval,
  type TransactionLimit,
  transactionLimitPayloadSchema,
  transactionLimitSchema,
  transactionLimitUpdatePayloadSchema,
} from '@contract/transaction-limit';
import { http } from 'msw';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { recordMockChange } from './change-history';
import { parseBody, parseId, parseOr400 } from './payment-methods';

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
        compareDecimals(l.min_amount, range.max) <= 0 &&
        compareDecimals(l.max_amount, range.min) >= 0,
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
  http.post(`${API}/transaction-limits`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.updatePaymentMethod);
    if (refusal) return refusal;
    const body = await parseBody(request, transactionLimitPayloadSchema);
    if (body.refusal) return body.refusal;
    const { payment_method_id, interval, min_amount, max_amount } = body.output;
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
    return ok(transactionLimitSchema, created, 201);
  }),

  http.put(`${API}/transaction-limits/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updatePaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const body = await parseBody(request, transactionLimitUpdatePayloadSchema);
    if (body.refusal) return body.refusal;
    const limit = db.transactionLimits.find((l) => l.id === id.output);
    if (!limit) return failure(404, NOT_FOUND);
    const { interval, min_amount, max_amount } = body.output;
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
    return ok(transactionLimitSchema, updated);
  }),

  http.delete(`${API}/transaction-limits/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updatePaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const limit = db.transactionLimits.find((l) => l.id === id.output);
    if (!limit) return failure(404, NOT_FOUND);
    db.transactionLimits = db.transactionLimits.filter((l) => l.id !== limit.id);
    recordMockChange(request, changeOf(CHANGE_SPECS.transactionLimit, 'DELETE', limit, null));
    // Deletes answer the deleted record (docs/spec-deviations.md 26).
    return ok(transactionLimitSchema, limit);
  }),

  http.post(`${API}/transaction-limits/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updatePaymentMethod);
    if (refusal) return refusal;
    const id = parseId(params.id);
    if (id.refusal) return id.refusal;
    const query = parseOr400(activationCommandQuerySchema, queryOf(request));
    if (query.refusal) return query.refusal;
    const limit = db.transactionLimits.find((l) => l.id === id.output);
    if (!limit) return failure(404, NOT_FOUND);
    const target = ACTIVATION_COMMAND_TARGET[query.output.command];
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
    if (limit.status === target)
      return failure(409, CATALOG_ERRORS.alreadyInStatus('Transaction limit', limit.status));
    const updated: TransactionLimit = { ...limit, status: target };
    replace(updated);
    recordMockChange(
      request,
      changeOf(CHANGE_SPECS.transactionLimit, COMMAND_ACTION[query.output.command], limit, updated),
    );
    return ok(transactionLimitSchema, updated);
  }),
];
