/**
 * A refund (issue 22): return all or part of a successful payment to the customer, in one database
 * transaction: lock the payment row, check what is left of it, take the currency's REFUND_FEE
 * charge, write the REFUND transaction and its link, post the journal through the account mappings
 * and move the gateway account's balance (server/services/money-postings.ts, docs/ledger.md), audit
 * and announce it.
 *
 * The payment row's lock (SELECT … FOR UPDATE) is what keeps fifty concurrent partial refunds from
 * over-refunding: each waits for the one before to commit, then reads the refunds it added.
 *
 * Called by the route and, for a refund above its currency's approval threshold, by the four-eyes
 * approvals once a second person approves (server/services/approvals.ts): the same function.
 */
import { compare, normalize } from '@contract/decimal';
import { API_ERRORS } from '@contract/messages';
import { REFUND_MESSAGES, type Refund } from '@contract/refund';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/connect';
import {
  isRefundablePayment,
  lockPayment,
  paymentTotals,
  refundsOf,
  remaining,
} from '../db/queries/money-flows';
import { refunds, transactions } from '../db/schema';
import { ApiError } from '../http/envelope';
import { type Gated, type RequestContext, refundRequest, requesterOf, throughGate } from './approval-gates';
import { recordAudit } from './audit-log';
import { publishLiveEvent } from './live-events';
import { chargeFor, postMoneyEvent } from './money-postings';

export interface RefundInput {
  paymentId: string;
  /** A positive decimal string (the contract's refundPayloadSchema has checked it). */
  amount: string;
  reason: string;
}

/** Who asks: their token's subject and name; the e-mail and address, when known, go to the audit log. */
export interface MoneyActor extends Actor {
  email?: string;
}

export interface MoneyContext {
  now: Date;
  address?: string | null;
}

export const GATEWAY_CANNOT_COVER_REFUND =
  'The gateway account cannot cover this refund: its balance is less than the amount.';

/**
 * A refund as staff ask for it (decision 045): above its currency's threshold it becomes a pending
 * request (decision 039); otherwise createRefund, at once.
 */
export function submitRefund(
  db: Database,
  input: RefundInput,
  context: RequestContext,
): Promise<Gated<Refund>> {
  return throughGate(
    () => refundRequest(db, input.paymentId, input, context),
    () => createRefund(db, input, requesterOf(context), { now: context.now, address: context.address }),
  );
}

/**
 * Past the gate: only submitRefund and an approved request's carry-out call it. Throws ApiError
 * 404 (no such transaction) or 409 (not a payment, too much, no mapping, no funds).
 */
export function createRefund(
  db: Executor,
  input: RefundInput,
  actor: MoneyActor,
  context: MoneyContext = { now: new Date() },
): Promise<Refund> {
  const { now } = context;
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, input.paymentId);
    if (!payment) throw new ApiError(404, API_ERRORS.notFound('Transaction'));
    if (!isRefundablePayment(payment)) throw new ApiError(409, REFUND_MESSAGES.notAPayment);

    const amount = normalize(input.amount);
    const totals = await paymentTotals(tx, payment.id);
    const { open } = remaining(normalize(payment.amount), totals);
    if (compare(amount, open) > 0) throw new ApiError(409, REFUND_MESSAGES.tooMuch(open));

    const { fee, charge_id } = await chargeFor(tx, {
      currencyId: payment.currencyId,
      amount,
      chargeTime: 'REFUND_FEE',
      on: now,
    });

    const earlier = await refundsOf(tx, payment.id);
    const [row] = await tx
      .insert(transactions)
      .values({
        txnRef: `${payment.txnRef}-R${earlier.length + 1}`,
        transactionDate: now,
        merchantId: payment.merchantId,
        customerFirstName: payment.customerFirstName,
        customerLastName: payment.customerLastName,
        customerPhoneNumber: payment.customerPhoneNumber,
        amount,
        fee,
        type: 'REFUND',
        status: 'SUCCESS',
        currencyId: payment.currencyId,
        paymentMethodId: payment.paymentMethodId,
        gatewayAccountId: payment.gatewayAccountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id, txnRef: transactions.txnRef });
    if (!row) throw new Error('refund transaction insert returned no row');
    const reason = input.reason.trim();
    await tx.insert(refunds).values({
      transactionId: row.id,
      paymentId: payment.id,
      amount,
      fee,
      reason,
      createdById: actor.id,
      createdByName: actor.name,
      createdAt: now,
    });

    await postMoneyEvent(
      tx,
      {
        type: 'REFUND_ISSUED',
        amount,
        fee,
        charge_id,
        payment_method_id: payment.paymentMethodId,
        reference: payment.txnRef,
      },
      {
        transactionId: row.id,
        gatewayAccountId: payment.gatewayAccountId,
        currencyId: payment.currencyId,
        now,
        postedBy: actor,
        label: 'refund',
        cannotCover: GATEWAY_CANNOT_COVER_REFUND,
      },
    );

    const refund: Refund = {
      id: row.id,
      txn_ref: row.txnRef,
      payment_id: payment.id,
      payment_txn_ref: payment.txnRef,
      amount,
      fee,
      reason,
      created_at: now.toISOString(),
      created_by: { id: actor.id, name: actor.name },
    };
    await recordAudit(tx, {
      actor: { id: actor.id, name: actor.name, email: actor.email ?? '' },
      action: 'refund.create',
      resource: { type: 'transaction', id: payment.id },
      before: { refunded_amount: totals.refunded },
      after: { refund_id: row.id, amount, fee, reason },
      address: context.address ?? null,
      at: now,
    });
    await publishLiveEvent(tx, { kind: 'refund', id: row.id });
    return refund;
  });
}
