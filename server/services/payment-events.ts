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
import type { Executor } from '../db/connect';
import { type Call, sendAhead } from '../db/event-transaction';
import { namedStatement } from '../db/named-statements';
import { type PostingInputsRow, postingInputsColumns, postingInputsOf } from '../db/queries/money-flows';
import type { transactions } from '../db/schema';
import { ApiError } from '../http/envelope';
import { chargeFor, postMoneyEvent, rememberPostingInputs } from './money-postings';

/** What a platform answer shows of a transaction row. */
type AnsweredRow = Pick<
  typeof transactions.$inferSelect,
  | 'id'
  | 'txnRef'
  | 'type'
  | 'status'
  | 'amount'
  | 'fee'
  | 'merchantId'
  | 'gatewayAccountId'
  | 'paymentMethodId'
  | 'transactionDate'
  | 'updatedAt'
>;

function toPlatformTransaction(row: AnsweredRow, currencyCode: string): PlatformTransaction {
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

export interface CreatedRow extends Record<string, unknown> {
  currency_id: string | null;
  decimal_places: number | null;
  merchant: boolean;
  payment_method_id: string | null;
  gateway_status: string | null;
  reference_taken: boolean;
  /** Null when a reference failed its check (then nothing was inserted). */
  id: string | null;
  amount: string | null;
  fee: string | null;
}

/**
 * A new payment or payout in one statement (decision 051): everything it refers to, and the row
 * when all of them hold (the currency, merchant and an active gateway account exist, the reference
 * is free). The caller refuses from the references it reads back, in the order of its messages;
 * a refusal after the insert (an amount finer than the currency) rolls the row back with the rest.
 */
export const insertTransactionStatement = namedStatement<
  [
    currency: string,
    merchantId: string,
    gatewayAccountId: string,
    reference: string,
    firstName: string | null,
    lastName: string | null,
    phoneNumber: string | null,
    amount: string,
    type: 'PAYMENT' | 'PAYOUT',
    status: TransactionStatus,
    apiClientId: string,
    now: string,
  ],
  CreatedRow
>(
  'platform_insert_transaction',
  `with refs as (
     select
       (select id from currencies where name_code = $1) as currency_id,
       (select decimal_places from currencies where name_code = $1) as decimal_places,
       exists (select 1 from merchants where id = $2::uuid) as merchant,
       (select payment_method_id from gateway_accounts where id = $3::uuid) as payment_method_id,
       (select status from gateway_accounts where id = $3::uuid) as gateway_status,
       exists (select 1 from transactions where txn_ref = $4) as reference_taken
   ), inserted as (
     insert into transactions (txn_ref, transaction_date, merchant_id, customer_first_name,
       customer_last_name, customer_phone_number, amount, fee, type, status, currency_id,
       payment_method_id, gateway_account_id, api_client_id, created_at, updated_at)
     select $4, $12::timestamptz, $2::uuid, $5, $6, $7, $8::numeric, 0, $9, $10, refs.currency_id,
       refs.payment_method_id, $3::uuid, $11::uuid, $12::timestamptz, $12::timestamptz
     from refs
     where refs.currency_id is not null and refs.merchant and refs.payment_method_id is not null
       and not refs.reference_taken and refs.gateway_status = 'ACTIVE'
     returning id, amount::text as amount, fee::text as fee
   )
   select refs.currency_id, refs.decimal_places, refs.merchant, refs.payment_method_id,
     refs.gateway_status, refs.reference_taken, inserted.id, inserted.amount, inserted.fee
   from refs left join inserted on true`,
);

interface NewTransactionFields {
  type: 'PAYMENT' | 'PAYOUT';
  status: TransactionStatus;
  client: ApiClientPrincipal;
  now: Date;
}

type InsertParams = Parameters<typeof insertTransactionStatement.run>[1];

function insertParams(
  body: PaymentCreatePayload | PayoutRequestPayload,
  fields: NewTransactionFields,
): InsertParams {
  return [
    body.currency,
    body.merchant_id,
    body.gateway_account_id,
    body.reference,
    body.customer.first_name || null,
    body.customer.last_name || null,
    body.customer.phone_number || null,
    normalize(body.amount),
    fields.type,
    fields.status,
    fields.client.id,
    fields.now.toISOString(),
  ];
}

/**
 * Inserts a new payment or payout: 400 naming the field for an unknown currency, merchant or gateway
 * account, or an amount finer than the currency; 409 for a reference already used or an inactive
 * gateway account. `inserted`: the statement's rows when it was already sent (with the claim).
 */
async function insertTransaction(
  db: Executor,
  body: PaymentCreatePayload | PayoutRequestPayload,
  fields: NewTransactionFields,
  inserted?: CreatedRow[],
): Promise<AnsweredRow> {
  const [row] = inserted ?? (await insertTransactionStatement.run(db, insertParams(body, fields)));
  if (!row?.currency_id || row.decimal_places === null) {
    throw new ApiError(400, PAYMENT_ERRORS.unknownCurrency(body.currency));
  }
  const places = Number(row.decimal_places);
  const fraction = body.amount.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > places) {
    throw new ApiError(400, PAYMENT_ERRORS.currencyPlaces(body.currency, places));
  }
  if (!row.merchant) throw new ApiError(400, PAYMENT_ERRORS.unknown('merchant_id', 'merchant'));
  if (!row.payment_method_id) {
    throw new ApiError(400, PAYMENT_ERRORS.unknown('gateway_account_id', 'gateway account'));
  }
  if (row.reference_taken) throw new ApiError(409, PAYMENT_ERRORS.referenceTaken(body.reference));
  if (row.gateway_status !== 'ACTIVE') throw new ApiError(409, PAYMENT_ERRORS.gatewayInactive);
  if (row.id === null || row.amount === null || row.fee === null) {
    throw new Error('transaction insert returned no row');
  }
  return {
    id: row.id,
    txnRef: body.reference,
    type: fields.type,
    status: fields.status,
    amount: row.amount,
    fee: row.fee,
    merchantId: body.merchant_id,
    gatewayAccountId: body.gateway_account_id,
    paymentMethodId: row.payment_method_id,
    transactionDate: fields.now,
    updatedAt: fields.now,
  };
}

/** A new payment's fields: PENDING, from this client, as of `now`. */
const newPayment = (client: ApiClientPrincipal, now: Date): NewTransactionFields => ({
  type: 'PAYMENT',
  status: 'PENDING',
  client,
  now,
});

/**
 * A payment's insert with its values, to send with the idempotency claim (decision 059). Harmless
 * when the claim then finds a replay: the reference is the first call's, so nothing is inserted, and
 * any refusal rolls the insert back.
 */
export function paymentInsert(
  body: PaymentCreatePayload,
  client: ApiClientPrincipal,
  now: Date,
): Call<InsertParams, CreatedRow> {
  return { statement: insertTransactionStatement, params: insertParams(body, newPayment(client, now)) };
}

/**
 * `POST platform/payments`: a PENDING payment; nothing is posted until it succeeds. `inserted`: the
 * rows of `paymentInsert` with the same body, client and `now`, when it was sent already.
 */
export async function createPayment(
  db: Executor,
  body: PaymentCreatePayload,
  client: ApiClientPrincipal,
  now: Date,
  inserted?: CreatedRow[],
): Promise<PlatformTransaction> {
  const row = await insertTransaction(db, body, newPayment(client, now), inserted);
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

export interface LockedPayment extends PostingInputsRow {
  id: string;
  txn_ref: string;
  type: string;
  status: TransactionStatus;
  amount: string;
  fee: string;
  merchant_id: string | null;
  gateway_account_id: string | null;
  payment_method_id: string | null;
  currency_id: string;
  code: string;
  date_ms: string;
}

/**
 * The payment row locked for its move, with its currency's code and, when the move posts
 * (`$2`), the currency's charges and the account mappings (decision 051: one round trip, not two).
 */
export const lockPaymentStatement = namedStatement<[id: string, withInputs: boolean], LockedPayment>(
  'platform_lock_payment',
  `select t.id, t.txn_ref, t.type, t.status, t.amount::text as amount, t.fee::text as fee,
     t.merchant_id, t.gateway_account_id, t.payment_method_id, t.currency_id, c.name_code as code,
     floor(extract(epoch from t.transaction_date) * 1000) as date_ms,
     inputs.currency, inputs.charges, inputs.mappings
   from transactions t
   join currencies c on c.id = t.currency_id
   left join lateral (select ${postingInputsColumns('t.currency_id')}) inputs on $2::boolean
   where t.id = $1::uuid
   for update of t`,
);

/** The move itself; no row when the status is no longer the one the move started from. */
export const moveStatusStatement = namedStatement<
  [id: string, to: PaymentTargetStatus, fee: string, now: string, from: TransactionStatus],
  { fee: string }
>(
  'platform_move_payment',
  `update transactions set status = $2, fee = $3::numeric, updated_at = $4::timestamptz
   where id = $1::uuid and status = $5
   returning fee::text as fee`,
);

/**
 * The payment's row lock (with the posting inputs for SUCCESS), to send with the idempotency claim
 * (decision 059): on a replay it only locks the row until the transaction rolls back.
 */
export function paymentLock(
  id: string,
  to: PaymentTargetStatus,
): Call<[id: string, withInputs: boolean], LockedPayment> {
  return { statement: lockPaymentStatement, params: [id, to === 'SUCCESS'] };
}

/**
 * `POST platform/payments/{id}/status`: 404 for no transaction, 409 for a move the state machine
 * does not have (naming both states), for a transaction that is no payment, and, on SUCCESS, for
 * a missing charge or mapping. The row is locked first, so two moves of one payment queue and the
 * second sees the first's status. `locked`: the rows of `paymentLock(id, to)`, when it was sent already.
 */
export async function movePayment(
  db: Executor,
  id: string,
  to: PaymentTargetStatus,
  now: Date,
  locked?: LockedPayment[],
): Promise<PlatformTransaction> {
  const [current] = locked ?? (await lockPaymentStatement.run(db, paymentLock(id, to).params));
  if (!current) throw new ApiError(404, API_ERRORS.notFound('Payment'));
  if (current.type !== 'PAYMENT') throw new ApiError(409, PAYMENT_ERRORS.notAPayment);
  if (!canMovePayment(current.status, to)) {
    throw new ApiError(409, PAYMENT_ERRORS.impossibleTransition(current.status, to));
  }
  const transactionDate = new Date(Number(current.date_ms));

  const move = (fee: string) => () =>
    moveStatusStatement.run(db, [id, to, fee, now.toISOString(), current.status]);
  let moving: () => Promise<{ fee: string }[]>;
  if (to === 'SUCCESS') {
    rememberPostingInputs(db, current.currency_id, postingInputsOf(current, current.currency_id));
    const charged = await chargeFor(db, {
      currencyId: current.currency_id,
      amount: normalize(current.amount),
      chargeTime: 'TRANSACTION_FEE',
      on: transactionDate,
      required: true,
    });
    // The status move goes first, without waiting, so it shares its round trip with the journal
    // and the gateway move inside an event's transaction (decision 059); the row is locked, so it
    // cannot miss (checked below all the same).
    moving = await sendAhead(db, move(charged.fee));
    await postMoneyEvent(
      db,
      {
        type: 'PAYMENT_RECEIVED',
        amount: current.amount,
        fee: charged.fee,
        charge_id: charged.charge_id,
        payment_method_id: current.payment_method_id,
        reference: current.txn_ref,
      },
      {
        transactionId: current.id,
        gatewayAccountId: current.gateway_account_id,
        currencyId: current.currency_id,
        now,
        label: 'payment',
      },
    );
  } else {
    moving = await sendAhead(db, move('0'));
  }
  const [moved] = await moving();
  if (!moved) throw new ApiError(409, PAYMENT_ERRORS.impossibleTransition(current.status, to));
  return toPlatformTransaction(
    {
      id: current.id,
      txnRef: current.txn_ref,
      type: current.type,
      status: to,
      amount: current.amount,
      fee: moved.fee,
      merchantId: current.merchant_id,
      gatewayAccountId: current.gateway_account_id,
      paymentMethodId: current.payment_method_id,
      transactionDate,
      updatedAt: now,
    },
    current.code,
  );
}
