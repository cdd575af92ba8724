/**
 * The platform's payment events (issue 22; docs/api.md "The platform API", docs/ledger.md): a new
 * payment (PENDING), its moves along the state machine of contract/payment.ts, and a payout request
 * (PAY_OUT). Each runs in the transaction it is given (withIdempotency's, which also holds the
 * Idempotency-Key claim), so a refusal writes nothing.
 *
 * The money events post their journal through the account mappings and move the gateway account's
 * balance as payout decisions do (server/services/payout-decision.ts):
 * - SUCCESS: PAYMENT_RECEIVED with the fee of the currency's TRANSACTION_FEE charge in force on the
 *   payment's date (computeFee: flat, percent or ranged); gateway balance + amount. No charge in
 *   force is a 409: the provider must price every payment.
 * - PAY_OUT: PAYOUT_REQUESTED (merchant payable to suspense); no gateway move until staff approve.
 */
import type { ApiClientPrincipal } from '@contract/api-client';
import { normalize } from '@contract/decimal';
import { API_ERRORS, API_LEDGER_ERRORS } from '@contract/messages';
import {
  canMovePayment,
  PAYMENT_ERRORS,
  type PaymentCreatePayload,
  type PaymentTargetStatus,
  type PayoutRequestPayload,
  type PlatformTransaction,
} from '@contract/payment';
import type { TransactionStatus } from '@contract/transaction';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';
import { loadMappings, moveGatewayBalance, postJournal } from '../db/ledger-store';
import { chargeRanges, charges, currencies, transactions } from '../db/schema';
import { computeFee, type FeeCharge } from '../domain/fees';
import { buildJournal, gatewayBalanceDelta, MissingMappingError, type MoneyEvent } from '../domain/ledger';
import { ApiError } from '../http/envelope';

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
    row,
    {
      type: 'PAYOUT_REQUESTED',
      amount: row.amount,
      payment_method_id: row.paymentMethodId,
      reference: row.txnRef,
    },
    now,
  );
  return toPlatformTransaction(row, body.currency);
}

/** The currency's TRANSACTION_FEE charges with their bands: what computeFee chooses among. */
async function transactionFeeInputs(db: Executor, currencyId: string) {
  const [currency] = await db
    .select({ places: currencies.decimalPlaces, step: currencies.inMultiplesOf })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  if (!currency) throw new Error(`currency ${currencyId} not found`);
  const chargeRows = await db
    .select()
    .from(charges)
    .where(and(eq(charges.currencyId, currencyId), eq(charges.chargeTime, 'TRANSACTION_FEE')));
  const rangeRows = chargeRows.some((c) => c.isRange)
    ? await db
        .select()
        .from(chargeRanges)
        .where(
          inArray(
            chargeRanges.chargeId,
            chargeRows.filter((c) => c.isRange).map((c) => c.id),
          ),
        )
        .orderBy(asc(chargeRanges.position))
    : [];
  const feeCharges: FeeCharge[] = chargeRows.map((c) => ({
    id: c.id,
    currency_id: c.currencyId,
    charge_type: c.chargeType,
    charge_time: c.chargeTime,
    charge_calculation_method: c.chargeCalculationMethod,
    amount: c.amount,
    is_range: c.isRange,
    charge_ranges: rangeRows
      .filter((r) => r.chargeId === c.id)
      .map((r) => ({ min_amount: r.minAmount, max_amount: r.maxAmount, charge_amount: r.chargeAmount })),
    fee_on_date: c.feeOnDate,
    created_at: c.createdAt.toISOString(),
  }));
  return {
    currency: { id: currencyId, decimal_places: currency.places, in_multiples_of: currency.step },
    charges: feeCharges,
  };
}

const EVENT_LABEL: Readonly<Record<'PAYMENT_RECEIVED' | 'PAYOUT_REQUESTED', string>> = {
  PAYMENT_RECEIVED: 'payment',
  PAYOUT_REQUESTED: 'payout request',
};

/** The event's journal through the mappings and its gateway move; 409 with nothing written when unmapped. */
async function postMoneyEvent(
  db: Executor,
  row: TransactionRow,
  event: MoneyEvent & { type: 'PAYMENT_RECEIVED' | 'PAYOUT_REQUESTED' },
  now: Date,
) {
  let journal: ReturnType<typeof buildJournal>;
  try {
    journal = buildJournal(event, await loadMappings(db));
  } catch (error) {
    if (error instanceof MissingMappingError) {
      throw new ApiError(
        409,
        API_LEDGER_ERRORS.missingAccountMapping(error.financial_account_type, EVENT_LABEL[event.type]),
      );
    }
    throw error;
  }
  // A positive or zero delta always applies; the check matters only for payouts, decided by staff.
  if (!(await moveGatewayBalance(db, row.gatewayAccountId, gatewayBalanceDelta(event), now))) {
    throw new ApiError(409, API_LEDGER_ERRORS.gatewayCannotCover);
  }
  await postJournal(db, journal, { transactionId: row.id, now });
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
    const fees = await transactionFeeInputs(db, current.currencyId);
    const result = computeFee({
      amount: normalize(current.amount),
      currency: fees.currency,
      charges: fees.charges,
      chargeTime: 'TRANSACTION_FEE',
      on: current.transactionDate,
    });
    if (result.charge_id === null) throw new ApiError(409, PAYMENT_ERRORS.missingCharge(code));
    fee = result.fee;
    await postMoneyEvent(
      db,
      current,
      {
        type: 'PAYMENT_RECEIVED',
        amount: current.amount,
        fee,
        charge_id: result.charge_id,
        payment_method_id: current.paymentMethodId,
        reference: current.txnRef,
      },
      now,
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
