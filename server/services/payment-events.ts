/**
 * The platform's payment events (issue 22; docs/api.md "The platform API", docs/ledger.md): a new
 * payment (PENDING), its moves along the state machine of contract/payment.ts, and a payout request
 * (PAY_OUT). Each runs in the transaction it is given (withIdempotency's, which also holds the
 * Idempotency-Key claim), so a refusal writes nothing.
 *
 * The money events post through server/services/money-postings.ts, as payout decisions, refunds
 * and chargebacks do:
 * - SUCCESS: PAYMENT_RECEIVED with the fee of the currency's TRANSACTION_FEE charge in force on the
 *   payment's date (computeFee: flat, percent or ranged); gateway balance + amount. No charge in
 *   force is a 409: the provider must price every payment.
 * - PAY_OUT: PAYOUT_REQUESTED (merchant payable to suspense); no gateway move until staff approve.
 */
import type { ApiClientPrincipal } from '@contract/api-client';
import { normalize } from '@contract/decimal';
import { API_ERRORS } from '@contract/messages';
import {
  canMovePayment,
  PAYMENT_ERRORS,
  type PaymentCreatePayload,
  type PaymentTargetStatus,
  type PayoutRequestPayload,
  type PlatformTransaction,
} from '@contract/payment';
import type { TransactionStatus } from '@contract/transaction';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';
import { currencies, transactions } from '../db/schema';
import { ApiError } from '../http/envelope';
import { chargeFor, postMoneyEvent } from './money-postings';

type TransactionRow = typeof transactions.$inferSelect;

function toPlatformTransaction(row: TransactionRow, currencyCode: string): PlatformTransaction {
  return {
    id: row.id,
    reference: row.txnRef,
    type: row.type as PlatformTransaction['type'],
    status: row.status,
    amount: normalize(row.amount),
    fee: normalize(row.fee),
    currency: currencyCode,
    merchant_id: row.merchantId,
    gateway_account_id: row.gatewayAccountId,
    payment_method_id: row.paymentMethodId,
    transaction_date: row.transactionDate.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

interface References extends Record<string, unknown> {
  currency_id: string | null;
  decimal_places: number | null;
  merchant: boolean;
  payment_method_id: string | null;
  gateway_status: string | null;
  reference_taken: boolean;
}

/**
 * Everything a new payment or payout refers to, in one round trip: 400 naming the field for an
 * unknown currency, merchant or gateway account, or an amount finer than the currency; 409 for a
 * reference already used or an inactive gateway account.
 */
async function checkReferences(db: Executor, body: PaymentCreatePayload | PayoutRequestPayload) {
  const [refs] = await queryRows<References>(
    db,
    sql`select
      (select id from currencies where name_code = ${body.currency}) as currency_id,
      (select decimal_places from currencies where name_code = ${body.currency}) as decimal_places,
      exists (select 1 from merchants where id = ${body.merchant_id}) as merchant,
      (select payment_method_id from gateway_accounts where id = ${body.gateway_account_id}) as payment_method_id,
      (select status from gateway_accounts where id = ${body.gateway_account_id}) as gateway_status,
      exists (select 1 from transactions where txn_ref = ${body.reference}) as reference_taken`,
  );
  if (!refs?.currency_id || refs.decimal_places === null) {
    throw new ApiError(400, PAYMENT_ERRORS.unknownCurrency(body.currency));
  }
  const places = Number(refs.decimal_places);
  const fraction = body.amount.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > places) {
    throw new ApiError(400, PAYMENT_ERRORS.currencyPlaces(body.currency, places));
  }
  if (!refs.merchant) throw new ApiError(400, PAYMENT_ERRORS.unknown('merchant_id', 'merchant'));
  if (!refs.payment_method_id) {
    throw new ApiError(400, PAYMENT_ERRORS.unknown('gateway_account_id', 'gateway account'));
  }
  if (refs.reference_taken) throw new ApiError(409, PAYMENT_ERRORS.referenceTaken(body.reference));
  if (refs.gateway_status !== 'ACTIVE') throw new ApiError(409, PAYMENT_ERRORS.gatewayInactive);
  return { currencyId: refs.currency_id, paymentMethodId: refs.payment_method_id };
}

async function insertTransaction(
  db: Executor,
  body: PaymentCreatePayload | PayoutRequestPayload,
  fields: { type: 'PAYMENT' | 'PAYOUT'; status: TransactionStatus; client: ApiClientPrincipal; now: Date },
) {
  const { currencyId, paymentMethodId } = await checkReferences(db, body);
  const [row] = await db
    .insert(transactions)
    .values({
      txnRef: body.reference,
      transactionDate: fields.now,
      merchantId: body.merchant_id,
      customerFirstName: body.customer.first_name || null,
      customerLastName: body.customer.last_name || null,
      customerPhoneNumber: body.customer.phone_number || null,
      amount: normalize(body.amount),
      fee: '0',
      type: fields.type,
      status: fields.status,
      currencyId,
      paymentMethodId,
      gatewayAccountId: body.gateway_account_id,
      apiClientId: fields.client.id,
      createdAt: fields.now,
      updatedAt: fields.now,
    })
    .returning();
  if (!row) throw new Error('transaction insert returned no row');
  return row;
}

/** `POST platform/payments`: a PENDING payment; nothing is posted until it succeeds. */
export async function createPayment(
  db: Executor,
  body: PaymentCreatePayload,
  client: ApiClientPrincipal,
  now: Date,
): Promise<PlatformTransaction> {
  const row = await insertTransaction(db, body, { type: 'PAYMENT', status: 'PENDING', client, now });
  return toPlatformTransaction(row, body.currency);
}

/** `POST platform/payouts`: a PAY_OUT request, posted at once (merchant payable to suspense). */
export async function requestPayout(
  db: Executor,
  body: PayoutRequestPayload,
  client: ApiClientPrincipal,
  now: Date,
): Promise<PlatformTransaction> {
  const row = await insertTransaction(db, body, { type: 'PAYOUT', status: 'PAY_OUT', client, now });
  await postMoneyEvent(
    db,
    {
      type: 'PAYOUT_REQUESTED',
      amount: row.amount,
      payment_method_id: row.paymentMethodId,
      reference: row.txnRef,
    },
    { transactionId: row.id, gatewayAccountId: row.gatewayAccountId, now, label: 'payout request' },
  );
  return toPlatformTransaction(row, body.currency);
}

/**
 * `POST platform/payments/{id}/status`: 404 for no transaction, 409 for a move the state machine
 * does not have (naming both states), for a transaction that is no payment, and, on SUCCESS, for
 * a missing charge or mapping. The row is locked first, so two moves of one payment queue and the
 * second sees the first's status.
 */
export async function movePayment(
  db: Executor,
  id: string,
  to: PaymentTargetStatus,
  now: Date,
): Promise<PlatformTransaction> {
  const [found] = await db
    .select({ row: transactions, code: currencies.nameCode })
    .from(transactions)
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .where(eq(transactions.id, id))
    .for('update', { of: transactions });
  if (!found) throw new ApiError(404, API_ERRORS.notFound('Payment'));
  const { row: current, code } = found;
  if (current.type !== 'PAYMENT') throw new ApiError(409, PAYMENT_ERRORS.notAPayment);
  if (!canMovePayment(current.status, to)) {
    throw new ApiError(409, PAYMENT_ERRORS.impossibleTransition(current.status, to));
  }

  let fee = '0';
  if (to === 'SUCCESS') {
    const charged = await chargeFor(db, {
      currencyId: current.currencyId,
      amount: normalize(current.amount),
      chargeTime: 'TRANSACTION_FEE',
      on: current.transactionDate,
      required: true,
    });
    fee = charged.fee;
    await postMoneyEvent(
      db,
      {
        type: 'PAYMENT_RECEIVED',
        amount: current.amount,
        fee,
        charge_id: charged.charge_id,
        payment_method_id: current.paymentMethodId,
        reference: current.txnRef,
      },
      {
        transactionId: current.id,
        gatewayAccountId: current.gatewayAccountId,
        currencyId: current.currencyId,
        now,
        label: 'payment',
      },
    );
  }
  const [moved] = await db
    .update(transactions)
    .set({ status: to, fee, updatedAt: now })
    .where(and(eq(transactions.id, id), eq(transactions.status, current.status)))
    .returning();
  if (!moved) throw new ApiError(409, PAYMENT_ERRORS.impossibleTransition(current.status, to));
  return toPlatformTransaction(moved, code);
}
