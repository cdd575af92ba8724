/**
 * The SQL of refunds and chargebacks (issue 22): what a payment still holds, its refunds, and the
 * disputes list and detail. Writes that must hold a lock are in server/services/refund.ts and
 * server/services/dispute.ts, which call these inside their transaction.
 */
import { normalize, sub } from '@contract/decimal';
import type { Dispute, DisputeListQuery, DisputeStatus } from '@contract/dispute';
import type { DisputeSortKey } from '@contract/list-sort';
import type { PaymentRefunds, Refund } from '@contract/refund';
import { aliasedTable, and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import { recordedActor } from '../../auth/actor';
import type { FeeCharge, FeeCurrency } from '../../domain/fees';
import type { MappingRow } from '../../domain/ledger';
import type { Executor } from '../connect';
import { namedStatement } from '../named-statements';
import {
  type chargeRanges,
  type charges,
  currencies,
  disputes,
  merchants,
  refunds,
  transactions,
} from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern } from '../sql';
import { endOfUtcDayExclusive, startOfUtcDay } from './transactions';

/** What has been taken from a payment since it was received, as exact sums. */
export interface PaymentTotals {
  refunded: string;
  /** Chargebacks OPEN. */
  disputed: string;
  /** Chargebacks LOST. */
  chargedBack: string;
}

export async function paymentTotals(db: Executor, paymentId: string): Promise<PaymentTotals> {
  const [refunded] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  const [held] = await db
    .select({
      open: sql<string>`coalesce(sum(${disputes.amount}) filter (where ${disputes.status} = 'OPEN'), 0)::text`,
      lost: sql<string>`coalesce(sum(${disputes.amount}) filter (where ${disputes.status} = 'LOST'), 0)::text`,
    })
    .from(disputes)
    .where(eq(disputes.paymentId, paymentId));
  return {
    refunded: normalize(refunded?.total ?? '0'),
    disputed: normalize(held?.open ?? '0'),
    chargedBack: normalize(held?.lost ?? '0'),
  };
}

/** amount less refunds and lost chargebacks; and what a new refund or chargeback may take. */
export function remaining(amount: string, totals: PaymentTotals) {
  const balance = sub(sub(amount, totals.refunded), totals.chargedBack);
  return { balance, open: sub(balance, totals.disputed) };
}

const payments = aliasedTable(transactions, 'payment');

export async function refundsOf(db: Executor, paymentId: string): Promise<Refund[]> {
  const rows = await db
    .select({ r: refunds, txnRef: transactions.txnRef, paymentRef: payments.txnRef })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.transactionId));
  return rows.map(({ r, txnRef, paymentRef }) => ({
    id: r.transactionId,
    txn_ref: txnRef,
    payment_id: r.paymentId,
    payment_txn_ref: paymentRef,
    amount: normalize(r.amount),
    fee: normalize(r.fee),
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    created_by: recordedActor(r.createdById, r.createdByName),
  }));
}

export function isRefundablePayment(t: { type: string; status: string }): boolean {
  return t.type === 'PAYMENT' && t.status === 'SUCCESS';
}

/** `GET /transactions/{id}/refunds`; undefined when no such transaction. */
export async function findPaymentRefunds(db: Executor, id: string): Promise<PaymentRefunds | undefined> {
  const [t] = await db
    .select({
      id: transactions.id,
      type: transactions.type,
      status: transactions.status,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(eq(transactions.id, id));
  if (!t) return undefined;
  const [link] = await db
    .select({ id: payments.id, txnRef: payments.txnRef, amount: payments.amount })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.transactionId, id));
  const totals = await paymentTotals(db, id);
  const refundable = isRefundablePayment(t);
  const amount = normalize(t.amount);
  const { balance, open } = refundable ? remaining(amount, totals) : { balance: '0', open: '0' };
  return {
    transaction_id: t.id,
    refundable,
    amount,
    refunded_amount: totals.refunded,
    disputed_amount: totals.disputed,
    charged_back_amount: totals.chargedBack,
    balance,
    refundable_amount: open,
    refunds: await refundsOf(db, id),
    refund_of: link ? { id: link.id, txn_ref: link.txnRef, amount: normalize(link.amount) } : null,
  };
}

function selectDisputes(db: Executor) {
  return db
    .select({
      d: disputes,
      paymentRef: transactions.txnRef,
      paymentAmount: transactions.amount,
      merchantId: transactions.merchantId,
      merchantName: merchants.businessName,
      merchantCode: merchants.merchantCode,
      currencyCode: currencies.nameCode,
      currencyPlaces: currencies.decimalPlaces,
    })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.paymentId))
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .leftJoin(merchants, eq(merchants.id, transactions.merchantId));
}

type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectDisputes>['execute']>>[number];

function toDispute(row: DisputeRow, balance: string): Dispute {
  const { d } = row;
  return {
    id: d.id,
    status: d.status,
    amount: normalize(d.amount),
    fee: normalize(d.fee),
    reason: d.reason,
    response_due: d.responseDue,
    payment: {
      id: d.paymentId,
      txn_ref: row.paymentRef,
      amount: normalize(row.paymentAmount),
      currency: { name_code: row.currencyCode, decimal_places: row.currencyPlaces },
      merchant:
        row.merchantId === null
          ? null
          : { id: row.merchantId, name: row.merchantName ?? row.merchantCode ?? '' },
      balance,
    },
    opened_by: { kind: d.openedByKind, actor: recordedActor(d.openedById, d.openedByName) },
    notes: d.notes,
    decided_at: d.decidedAt?.toISOString() ?? null,
    decided_by: recordedActor(d.decidedById, d.decidedByName),
    created_at: d.createdAt.toISOString(),
  };
}

async function withBalance(db: Executor, row: DisputeRow): Promise<Dispute> {
  const { balance } = remaining(normalize(row.paymentAmount), await paymentTotals(db, row.d.paymentId));
  return toDispute(row, balance);
}

export async function findDispute(db: Executor, id: string): Promise<Dispute | undefined> {
  const [row] = await selectDisputes(db).where(eq(disputes.id, id));
  return row ? withBalance(db, row) : undefined;
}

const STATUS_OF: Readonly<Record<string, DisputeStatus>> = { open: 'OPEN', won: 'WON', lost: 'LOST' };

const DISPUTE_SORT_COLUMNS: SortColumns<DisputeSortKey> = {
  opened: disputes.createdAt,
  amount: disputes.amount,
  status: disputes.status,
  due: disputes.responseDue,
};

export async function listDisputes(db: Executor, query: DisputeListQuery) {
  const where = and(
    query.status ? eq(disputes.status, STATUS_OF[query.status] ?? 'OPEN') : undefined,
    query.from ? gte(disputes.createdAt, startOfUtcDay(query.from)) : undefined,
    query.to ? lt(disputes.createdAt, endOfUtcDayExclusive(query.to)) : undefined,
    query.search_term ? sql`${transactions.txnRef} ILIKE ${containsPattern(query.search_term)}` : undefined,
  );
  const orderBy = orderByOf(query.sort, DISPUTE_SORT_COLUMNS, disputes.id);
  // The page's ids first (the search reaches the payment's reference), then the page's joins.
  const page = db
    .select({ id: disputes.id })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.paymentId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, [counted]] = await Promise.all([
    selectDisputes(db)
      .innerJoin(page, eq(page.id, disputes.id))
      .orderBy(...orderBy),
    db
      .select({ n: count() })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.id, disputes.paymentId))
      .where(where),
  ]);
  const contents: Dispute[] = [];
  for (const row of rows) contents.push(await withBalance(db, row));
  return { contents, total: counted?.n ?? 0 };
}

/** A charge row and its bands (ordered by position) as the fee engine reads them (server/domain/fees.ts). */
export function feeChargeOf(
  c: typeof charges.$inferSelect,
  ranges: readonly (typeof chargeRanges.$inferSelect)[],
): FeeCharge {
  return {
    id: c.id,
    currency_id: c.currencyId,
    charge_type: c.chargeType,
    charge_time: c.chargeTime,
    charge_calculation_method: c.chargeCalculationMethod,
    amount: c.amount,
    is_range: c.isRange,
    charge_ranges: ranges
      .filter((r) => r.chargeId === c.id)
      .map((r) => ({ min_amount: r.minAmount, max_amount: r.maxAmount, charge_amount: r.chargeAmount })),
    fee_on_date: c.feeOnDate,
    created_at: c.createdAt.toISOString(),
  };
}

/** What a money event's fee and journal read: the currency, its charges, every account mapping. */
export interface PostingInputs {
  /** Undefined when no currency was asked for (a payout decision needs only the mappings). */
  currency: (FeeCurrency & { id: string; code: string }) | undefined;
  charges: FeeCharge[];
  mappings: MappingRow[];
}

export interface PostingInputsRow extends Record<string, unknown> {
  currency: { places: number; step: string; code: string } | string | null;
  charges: JsonCharge[] | string;
  mappings: JsonMapping[] | string;
}

interface JsonCharge {
  id: string;
  charge_type: string;
  charge_time: FeeCharge['charge_time'];
  method: FeeCharge['charge_calculation_method'];
  amount: string;
  is_range: boolean;
  fee_on_date: string | null;
  created_ms: number;
  ranges: FeeCharge['charge_ranges'];
}

interface JsonMapping {
  id: string;
  financial_account_type: MappingRow['financial_account_type'];
  payment_method_id: string | null;
  gl_account_id: string;
  charge_id: string | null;
  created_ms: number;
}

/** node-postgres and PGlite parse json columns; a driver that did not would hand over the text. */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * The currency, its charges with their bands, and the account mappings, as three json columns of
 * one select (issue 22's ingestion bench: these were four to five round trips). `currency` is the
 * SQL of the currency's id: a parameter, or a column of a row the same statement reads (a payment's
 * row lock reads its inputs with it, decision 051). Timestamps travel as epoch milliseconds, which
 * is the precision the drivers' Dates keep anyway.
 */
export function postingInputsColumns(currency: string): string {
  return `(select json_build_object('places', decimal_places, 'step', in_multiples_of::text, 'code', name_code)
         from currencies where id = ${currency}) as currency,
      (select coalesce(json_agg(json_build_object(
          'id', c.id, 'charge_type', c.charge_type, 'charge_time', c.charge_time,
          'method', c.charge_calculation_method, 'amount', c.amount::text, 'is_range', c.is_range,
          'fee_on_date', c.fee_on_date::text, 'created_ms', floor(extract(epoch from c.created_at) * 1000),
          'ranges', coalesce((select json_agg(json_build_object('min_amount', r.min_amount::text,
              'max_amount', r.max_amount::text, 'charge_amount', r.charge_amount::text) order by r.position)
            from charge_ranges r where r.charge_id = c.id), '[]'::json))), '[]'::json)
         from charges c where c.currency_id = ${currency}) as charges,
      (select coalesce(json_agg(json_build_object(
          'id', m.id, 'financial_account_type', m.financial_account_type,
          'payment_method_id', m.payment_method_id, 'gl_account_id', m.gl_account_id,
          'charge_id', m.charge_id, 'created_ms', floor(extract(epoch from m.created_at) * 1000))), '[]'::json)
         from account_mappings m) as mappings`;
}

const postingInputsStatement = namedStatement<[currencyId: string | null], PostingInputsRow>(
  'posting_inputs',
  `select ${postingInputsColumns('$1::uuid')}`,
);

/** The inputs of a money event's fee and journal, in one round trip (see postingInputsColumns). */
export async function loadPostingInputs(db: Executor, currencyId: string | null): Promise<PostingInputs> {
  const [row] = await postingInputsStatement.run(db, [currencyId]);
  if (!row) throw new Error('posting inputs answered no row');
  return postingInputsOf(row, currencyId);
}

/** The inputs from the columns of postingInputsColumns. */
export function postingInputsOf(row: PostingInputsRow, currencyId: string | null): PostingInputs {
  const currency = row.currency === null ? undefined : parsed(row.currency);
  if (currencyId !== null && !currency) throw new Error(`currency ${currencyId} not found`);
  return {
    currency:
      currency && currencyId !== null
        ? {
            id: currencyId,
            code: currency.code,
            decimal_places: currency.places,
            in_multiples_of: currency.step,
          }
        : undefined,
    charges: parsed(row.charges).map((c) => ({
      id: c.id,
      currency_id: currencyId ?? undefined,
      charge_type: c.charge_type,
      charge_time: c.charge_time,
      charge_calculation_method: c.method,
      amount: c.amount,
      is_range: c.is_range,
      charge_ranges: c.ranges,
      fee_on_date: c.fee_on_date,
      created_at: new Date(Number(c.created_ms)).toISOString(),
    })),
    mappings: parsed(row.mappings).map((m) => ({
      id: m.id,
      financial_account_type: m.financial_account_type,
      payment_method_id: m.payment_method_id,
      gl_account_id: m.gl_account_id,
      charge_id: m.charge_id,
      created_at: new Date(Number(m.created_ms)),
    })),
  };
}

/**
 * The payment row, locked until the caller's transaction ends: refunds and chargebacks queue on it.
 * FOR NO KEY UPDATE, not FOR UPDATE: the lockers still queue on each other, but a journal naming
 * the payment (its foreign key check takes KEY SHARE on the row) does not wait for them. With FOR
 * UPDATE a chargeback decision (holding the gateway account's row, then checking the journal's key)
 * and a refund of the same payment (holding the payment, then moving the gateway balance)
 * deadlocked: the randomized bench found it (decision 047).
 */
export async function lockPayment(db: Executor, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('no key update');
  return row;
}
