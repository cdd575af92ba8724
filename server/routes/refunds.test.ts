/**
 * Refunds (issue 22): `POST /transactions/{id}/refunds` and `GET /transactions/{id}/refunds`:
 * success with its REFUND transaction, link, fee, journal and gateway move; 400, 401, 403, 404, 409;
 * fifty concurrent partial refunds that never over-refund.
 */
import { compare, sub, sum } from '@contract/decimal';
import { API_ERRORS, API_LEDGER_ERRORS } from '@contract/messages';
import { paymentRefundsSchema, REFUND_MESSAGES, refundSchema } from '@contract/refund';
import { transactionDetailSchema } from '@contract/transaction';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accountMappings, auditLog, journalEntries, refunds, transactions } from '../db/schema';
import { describeApi } from '../test/api';
import { expectStatus } from '../test/expect';
import { gatewayBalances, gatewayMovesAndPostings } from '../test/gateway-postings';
import { noPermissionToken } from '../test/ledger';
import { dataOf } from '../test/money-flows';
import {
  gatewayBalance,
  insertCollection,
  insertPayoutRequest,
  insertTransaction,
  journalsOf,
  ledgerTotals,
} from '../test/transaction-fixtures';

const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const DATE = new Date('2026-11-20T09:00:00Z');
/** The demo ETB refund fee: a flat 10 (contract/demo/charges.ts). */
const ETB_REFUND_FEE = '10';

describeApi('Refunds', { signIn: ['admin', 'finance', 'support'] }, (api, signed) => {
  let counter = 0;
  let opening: Map<string, string>;
  const db = () => api.database.db;

  beforeAll(async () => {
    opening = await gatewayBalances(db());
  });

  const payment = (amount: string, currency: 'ETB' | 'USD' = 'ETB', method = 'CBE') =>
    insertCollection(api, { ref: `PAY-${++counter}`, date: DATE, amount, currency, method });

  function refund(id: string, body: unknown, token: string | null = signed.finance) {
    return api.call(`/api/v1/transactions/${id}/refunds`, {
      method: 'POST',
      token: token ?? undefined,
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
  const summary = async (id: string) =>
    dataOf(
      await api.call(`/api/v1/transactions/${id}/refunds`, { token: signed.support }),
      200,
      paymentRefundsSchema,
    );

  async function expectBalancedLedger() {
    const totals = await ledgerTotals(db());
    expect(totals.unbalanced).toEqual([]);
    expect(compare(totals.debit, totals.credit)).toBe(0);
    const { moves, postings } = await gatewayMovesAndPostings(db(), opening);
    expect(moves).toEqual(postings);
  }

  it('refunds part of a payment: a REFUND transaction linked to it, the fee, the journal, the gateway move', async () => {
    const id = await payment('1000');
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    const gateway = row?.gatewayAccountId ?? '';
    const before = await gatewayBalance(db(), gateway);

    const answer = await dataOf(
      await refund(id, { amount: '250.50', reason: 'Customer returned the goods' }),
      201,
      refundSchema,
    );
    expect(answer).toMatchObject({
      payment_id: id,
      payment_txn_ref: row?.txnRef,
      txn_ref: `${row?.txnRef}-R1`,
      amount: '250.5',
      fee: ETB_REFUND_FEE,
      reason: 'Customer returned the goods',
      created_by: { name: 'Dawit Haile' },
    });

    // The refund is a transaction of its own, listed like every other.
    const detail = await dataOf(
      await api.call(`/api/v1/transactions/${answer.id}`, { token: signed.support }),
      200,
      transactionDetailSchema,
    );
    expect(detail).toMatchObject({ type: 'REFUND', status: 'SUCCESS', amount: '250.5', fee: ETB_REFUND_FEE });

    // The payment shows what was refunded; the refund shows its payment.
    expect(await summary(id)).toMatchObject({
      refundable: true,
      amount: '1000',
      refunded_amount: '250.5',
      balance: '749.5',
      refundable_amount: '749.5',
      refunds: [{ id: answer.id, amount: '250.5' }],
      refund_of: null,
    });
    expect(await summary(answer.id)).toMatchObject({
      refundable: false,
      refund_of: { id, txn_ref: row?.txnRef, amount: '1000' },
    });

    // REFUND_ISSUED: DEBIT payable R+F; CREDIT receive control R; CREDIT income F.
    const [journal] = (await journalsOf(db(), answer.id)).filter((j) => j.eventType === 'REFUND_ISSUED');
    expect(journal?.postedByName).toBe('Dawit Haile');
    const lines = await db()
      .select({
        type: journalEntries.entryType,
        amount: journalEntries.amount,
        gl: journalEntries.glAccountId,
      })
      .from(journalEntries)
      .where(eq(journalEntries.journalId, journal?.id ?? ''));
    const mapped = async (type: string) =>
      (
        await db()
          .select()
          .from(accountMappings)
          .where(eq(accountMappings.financialAccountType, type as 'RECEIVE_CONTROL'))
      ).map((m) => m.glAccountId);
    const debit = lines.filter((l) => l.type === 'DEBIT');
    const credit = lines.filter((l) => l.type === 'CREDIT');
    expect(debit.map((l) => compare(l.amount, '260.5'))).toEqual([0]);
    expect(await mapped('LIABILITY_TRANSFER')).toContain(debit[0]?.gl);
    expect(sum(credit.map((l) => l.amount))).toBe('260.5');
    const control = credit.find((l) => compare(l.amount, '250.5') === 0);
    expect(await mapped('RECEIVE_CONTROL')).toContain(control?.gl);
    const income = credit.find((l) => compare(l.amount, ETB_REFUND_FEE) === 0);
    expect(await mapped('INCOME_FROM_CHARGE')).toContain(income?.gl);

    expect(compare(await gatewayBalance(db(), gateway), sub(before, '250.5'))).toBe(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.create'), eq(auditLog.resourceId, id)));
    expect(audits).toHaveLength(1);
    await expectBalancedLedger();
  });

  it('refunds the whole payment, then refuses one more cent (409 naming what is left)', async () => {
    const id = await payment('300');
    await expectStatus(await refund(id, { amount: '300', reason: 'Order cancelled' }), 201);
    expect(await summary(id)).toMatchObject({ refunded_amount: '300', balance: '0', refundable_amount: '0' });
    const over = await refund(id, { amount: '0.01', reason: 'Again' });
    await expectStatus(over, 409, REFUND_MESSAGES.tooMuch('0'));
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, id))).toHaveLength(1);
  });

  it('takes no fee where the currency has no REFUND_FEE charge (USD)', async () => {
    const id = await payment('80', 'USD', 'VISA');
    const answer = await dataOf(
      await refund(id, { amount: 80, reason: 'Duplicate charge' }),
      201,
      refundSchema,
    );
    expect(answer.fee).toBe('0');
    await expectBalancedLedger();
  });

  it('fifty concurrent partial refunds never refund more than the payment', async () => {
    const id = await payment('1000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => refund(id, { amount: '30', reason: `Part ${i + 1}` })),
    );
    const statuses = answers.map((r) => r.status);
    // 33 refunds of 30 fit in 1000 (990); the 34th would be 1020.
    expect(statuses.filter((s) => s === 201)).toHaveLength(33);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const stored = await db().select().from(refunds).where(eq(refunds.paymentId, id));
    expect(sum(stored.map((r) => r.amount))).toBe('990');
    await expectBalancedLedger();
  }, 60_000);

  it('400 naming the field, and nothing is written', async () => {
    const id = await payment('100');
    await expectStatus(
      await refund(id, { amount: '0', reason: 'x' }),
      400,
      `amount: ${REFUND_MESSAGES.amount}`,
    );
    await expectStatus(
      await refund(id, { amount: '-5', reason: 'x' }),
      400,
      `amount: ${REFUND_MESSAGES.amount}`,
    );
    await expectStatus(
      await refund(id, { amount: 'ten', reason: 'x' }),
      400,
      `amount: ${REFUND_MESSAGES.amount}`,
    );
    await expectStatus(await refund(id, { amount: '5' }), 400, `reason: ${REFUND_MESSAGES.reason}`);
    await expectStatus(
      await refund(id, { amount: '5', reason: '   ' }),
      400,
      `reason: ${REFUND_MESSAGES.reason}`,
    );
    await expectStatus(await refund(id, 'not json'), 400);
    await expectStatus(await refund('not-a-uuid', { amount: '5', reason: 'x' }), 400);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, id))).toHaveLength(0);
  });

  it('401 without a token, 403 without refund-transaction (support views, cannot refund)', async () => {
    const id = await payment('100');
    await expectStatus(await refund(id, { amount: '5', reason: 'x' }, null), 401);
    await expectStatus(
      await refund(id, { amount: '5', reason: 'x' }, signed.support),
      403,
      API_ERRORS.forbidden,
    );
    await expectStatus(await refund(id, { amount: '5', reason: 'x' }, await noPermissionToken(api)), 403);
    await expectStatus(
      await api.call(`/api/v1/transactions/${id}/refunds`, { token: await noPermissionToken(api) }),
      403,
    );
    // The admin holds every permission.
    await expectStatus(await refund(id, { amount: '5', reason: 'x' }, signed.admin), 201);
  });

  it('404 for an unknown transaction, on both operations', async () => {
    await expectStatus(
      await refund(UNKNOWN_ID, { amount: '5', reason: 'x' }),
      404,
      API_ERRORS.notFound('Transaction'),
    );
    await expectStatus(
      await api.call(`/api/v1/transactions/${UNKNOWN_ID}/refunds`, { token: signed.support }),
      404,
      API_ERRORS.notFound('Transaction'),
    );
  });

  it('409 for what is not a successful payment: a pending payment, a payout, a refund', async () => {
    const pending = await insertTransaction(api, { ref: `PEND-${++counter}`, date: DATE, status: 'PENDING' });
    const payout = await insertPayoutRequest(api, { ref: `PO-${++counter}`, date: DATE, amount: '10' });
    const paid = await payment('100');
    const first = await dataOf(await refund(paid, { amount: '10', reason: 'x' }), 201, refundSchema);
    for (const id of [pending, payout, first.id]) {
      await expectStatus(await refund(id, { amount: '1', reason: 'x' }), 409, REFUND_MESSAGES.notAPayment);
    }
    expect(await summary(pending)).toMatchObject({ refundable: false, balance: '0', refundable_amount: '0' });
  });

  it('409 when a posting has no account mapping; nothing is written', async () => {
    const id = await payment('100');
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    const gateway = await gatewayBalance(db(), row?.gatewayAccountId ?? '');
    const saved = await db()
      .select()
      .from(accountMappings)
      .where(eq(accountMappings.financialAccountType, 'RECEIVE_CONTROL'));
    await db().delete(accountMappings).where(eq(accountMappings.financialAccountType, 'RECEIVE_CONTROL'));
    try {
      await expectStatus(
        await refund(id, { amount: '5', reason: 'x' }),
        409,
        API_LEDGER_ERRORS.missingAccountMapping('RECEIVE_CONTROL', 'refund'),
      );
    } finally {
      await db().insert(accountMappings).values(saved);
    }
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, id))).toHaveLength(0);
    expect(await gatewayBalance(db(), row?.gatewayAccountId ?? '')).toBe(gateway);
  });
});
