/**
 * Chargebacks (issue 22): open (staff), list with filters and paging, detail, decide WON or LOST;
 * each stage's journal and the payment's and gateway's balances; 400, 401, 403, 404, 409; two
 * concurrent decisions of which one applies.
 */
import { add, compare, sub } from '@contract/decimal';
import { DISPUTE_MESSAGES, type Dispute, disputePageSchema, disputeSchema } from '@contract/dispute';
import { API_ERRORS } from '@contract/messages';
import { paymentRefundsSchema, REFUND_MESSAGES } from '@contract/refund';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  accountMappings,
  auditLog,
  disputes,
  glAccounts,
  journalEntries,
  journals,
  transactions,
} from '../db/schema';
import { describeApi } from '../test/api';
import { expectStatus } from '../test/expect';
import { gatewayBalances, gatewayMovesAndPostings } from '../test/gateway-postings';
import { noPermissionToken } from '../test/ledger';
import { dataOf } from '../test/money-flows';
import { createTestApiClient } from '../test/platform';
import {
  gatewayBalance,
  insertCollection,
  insertTransaction,
  ledgerTotals,
} from '../test/transaction-fixtures';

const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const DATE = new Date('2026-11-20T09:00:00Z');
/** The demo USD chargeback fee: a flat 15 (contract/demo/charges.ts); ETB has none. */
const USD_CHARGEBACK_FEE = '15';

describeApi('Chargebacks', { signIn: ['admin', 'finance', 'support'] }, (api, signed) => {
  let counter = 0;
  let opening: Map<string, string>;
  const db = () => api.database.db;

  beforeAll(async () => {
    opening = await gatewayBalances(db());
  });

  const payment = (amount: string, currency: 'ETB' | 'USD' = 'USD', method = 'VISA') =>
    insertCollection(api, { ref: `CB-${++counter}`, date: DATE, amount, currency, method });

  const post = (path: string, body: unknown, token: string | null = signed.finance) =>
    api.call(`/api/v1${path}`, {
      method: 'POST',
      token: token ?? undefined,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const open = (payment_id: string, amount = '40', token: string | null = signed.finance) =>
    post(
      '/disputes',
      { payment_id, amount, reason: 'Goods not received', response_due: '2026-12-05' },
      token,
    );
  const decide = (id: string, decision: string, token: string | null = signed.finance) =>
    post(`/disputes/${id}/decision`, { decision, notes: 'Evidence reviewed' }, token);

  async function linesOf(paymentId: string, eventType: string) {
    return db()
      .select({ type: journalEntries.entryType, amount: journalEntries.amount })
      .from(journalEntries)
      .innerJoin(journals, eq(journals.id, journalEntries.journalId))
      .where(and(eq(journals.transactionId, paymentId), eq(journals.eventType, eventType)));
  }
  const sideTotal = (lines: { type: string; amount: string }[], side: string) =>
    lines.filter((l) => l.type === side).reduce((t, l) => add(t, l.amount), '0');

  async function expectBooksHold() {
    const totals = await ledgerTotals(db());
    expect(totals.unbalanced).toEqual([]);
    expect(compare(totals.debit, totals.credit)).toBe(0);
    const { moves, postings } = await gatewayMovesAndPostings(db(), opening);
    expect(moves).toEqual(postings);
  }

  async function gatewayOf(paymentId: string) {
    const [row] = await db().select().from(transactions).where(eq(transactions.id, paymentId));
    return row?.gatewayAccountId ?? '';
  }

  it('opens a chargeback: OPEN, the fee, CHARGEBACK_OPENED held in suspense, the gateway unmoved', async () => {
    const id = await payment('100');
    const gateway = await gatewayOf(id);
    const before = await gatewayBalance(db(), gateway);
    const dispute = await dataOf(await open(id, '40'), 201, disputeSchema);
    expect(dispute).toMatchObject({
      status: 'OPEN',
      amount: '40',
      fee: USD_CHARGEBACK_FEE,
      reason: 'Goods not received',
      response_due: '2026-12-05',
      payment: { id, amount: '100', balance: '100', currency: { name_code: 'USD' } },
      opened_by: { kind: 'staff', actor: { name: 'Dawit Haile' } },
      notes: null,
      decided_at: null,
      decided_by: null,
    });
    const lines = await linesOf(id, 'CHARGEBACK_OPENED');
    expect(lines).toHaveLength(3);
    expect(compare(sideTotal(lines, 'DEBIT'), '55')).toBe(0);
    expect(compare(sideTotal(lines, 'CREDIT'), '55')).toBe(0);
    expect(compare(await gatewayBalance(db(), gateway), before)).toBe(0);
    // An open chargeback holds its amount: a refund may take only what is left.
    const summary = await dataOf(
      await api.call(`/api/v1/transactions/${id}/refunds`, { token: signed.finance }),
      200,
      paymentRefundsSchema,
    );
    expect(summary).toMatchObject({ disputed_amount: '40', balance: '100', refundable_amount: '60' });
    await expectStatus(
      await post(`/transactions/${id}/refunds`, { amount: '61', reason: 'x' }),
      409,
      REFUND_MESSAGES.tooMuch('60'),
    );
    await expectBooksHold();
  });

  it('LOST: the payment balance and the gateway go down by the amount; who decided and the notes are kept', async () => {
    const id = await payment('100');
    const gateway = await gatewayOf(id);
    const opened = await dataOf(await open(id, '40'), 201, disputeSchema);
    const before = await gatewayBalance(db(), gateway);
    const lost = await dataOf(await decide(opened.id, 'LOST'), 200, disputeSchema);
    expect(lost).toMatchObject({
      status: 'LOST',
      notes: 'Evidence reviewed',
      decided_by: { name: 'Dawit Haile' },
      payment: { balance: '60' },
    });
    expect(lost.decided_at).toBe(api.clock().toISOString());
    expect(compare(await gatewayBalance(db(), gateway), sub(before, '40'))).toBe(0);
    const lines = await linesOf(id, 'CHARGEBACK_LOST');
    expect(lines.map((l) => [l.type, compare(l.amount, '40')])).toEqual([
      ['DEBIT', 0],
      ['CREDIT', 0],
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.decide'), eq(auditLog.resourceId, opened.id)));
    expect(audits).toHaveLength(1);
    await expectBooksHold();
  });

  it('WON: the held amount returns to the merchant; the gateway and the payment balance stay', async () => {
    const id = await payment('100', 'ETB', 'CBE');
    const gateway = await gatewayOf(id);
    const opened = await dataOf(await open(id, '100'), 201, disputeSchema);
    expect(opened.fee).toBe('0');
    const before = await gatewayBalance(db(), gateway);
    const won = await dataOf(await decide(opened.id, 'WON'), 200, disputeSchema);
    expect(won).toMatchObject({ status: 'WON', payment: { balance: '100' } });
    expect(compare(await gatewayBalance(db(), gateway), before)).toBe(0);
    expect(await linesOf(id, 'CHARGEBACK_WON')).toHaveLength(2);
    await expectBooksHold();
  });

  it('a decision clears the suspense account the opening credited, even after the mappings change', async () => {
    const id = await payment('100');
    const opened = await dataOf(await open(id, '40'), 201, disputeSchema);
    const accountsOf = (eventType: string, side: 'DEBIT' | 'CREDIT') =>
      db()
        .select({ gl: journalEntries.glAccountId, amount: journalEntries.amount })
        .from(journalEntries)
        .innerJoin(journals, eq(journals.id, journalEntries.journalId))
        .where(
          and(
            eq(journals.transactionId, id),
            eq(journals.eventType, eventType),
            eq(journalEntries.entryType, side),
          ),
        );
    const suspense = (await accountsOf('CHARGEBACK_OPENED', 'CREDIT')).find(
      (l) => compare(l.amount, '40') === 0,
    );
    expect(suspense).toBeDefined();
    // Staff point the payment method's transfer suspense at another GL account before the decision.
    const [paid] = await db().select().from(transactions).where(eq(transactions.id, id));
    const [other] = await db()
      .select({ id: glAccounts.id })
      .from(glAccounts)
      .where(ne(glAccounts.id, suspense?.gl ?? ''))
      .limit(1);
    const [moved] = await db()
      .insert(accountMappings)
      .values({
        financialAccountType: 'TRANSFER_SUSPENSE',
        paymentMethodId: paid?.paymentMethodId ?? null,
        glAccountId: other?.id ?? '',
        createdAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: accountMappings.id });
    try {
      await dataOf(await decide(opened.id, 'LOST'), 200, disputeSchema);
      expect((await accountsOf('CHARGEBACK_LOST', 'DEBIT')).map((l) => l.gl)).toEqual([suspense?.gl]);
    } finally {
      await db()
        .delete(accountMappings)
        .where(eq(accountMappings.id, moved?.id ?? ''));
    }
    await expectBooksHold();
  });

  it('two decisions at once: one applies, the other is refused with 409 and nothing written', async () => {
    const id = await payment('100');
    const opened = await dataOf(await open(id, '25'), 201, disputeSchema);
    const answers = await Promise.all([decide(opened.id, 'WON'), decide(opened.id, 'LOST', signed.admin)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await db().select().from(disputes).where(eq(disputes.id, opened.id));
    const refused = answers.find((r) => r.status === 409);
    await expectStatus(refused as Response, 409, DISPUTE_MESSAGES.notOpen(row?.status ?? ''));
    const decided = [...(await linesOf(id, 'CHARGEBACK_WON')), ...(await linesOf(id, 'CHARGEBACK_LOST'))];
    expect(decided).toHaveLength(2);
    await expectBooksHold();
  });

  it('lists with status and date filters, paging and a search by the payment reference; the detail', async () => {
    const a = await payment('50');
    const b = await payment('50');
    const first = await dataOf(await open(a, '10'), 201, disputeSchema);
    const second = await dataOf(await open(b, '10'), 201, disputeSchema);
    await dataOf(await decide(second.id, 'LOST'), 200, disputeSchema);
    const list = async (query: string) =>
      dataOf(await api.call(`/api/v1/disputes?${query}`, { token: signed.support }), 200, disputePageSchema);
    const ids = (page: { contents: Dispute[] }) => page.contents.map((d) => d.id);

    expect(ids(await list('status=open&limit=100'))).toContain(first.id);
    expect(ids(await list('status=open&limit=100'))).not.toContain(second.id);
    expect(ids(await list('status=lost&limit=100'))).toContain(second.id);
    const byRef = await list(`search_term=CB-${counter}`);
    expect(ids(byRef)).toEqual([second.id]);
    expect(ids(await list('from=2026-11-21&to=2026-11-21&limit=100'))).toContain(first.id);
    expect((await list('from=2026-11-22')).total).toBe(0);
    const paged = await list('limit=1&page=2');
    expect(paged.contents).toHaveLength(1);
    expect(paged.total_pages).toBe(paged.total);

    const detail = await dataOf(
      await api.call(`/api/v1/disputes/${second.id}`, { token: signed.support }),
      200,
      disputeSchema,
    );
    expect(detail).toMatchObject({ id: second.id, status: 'LOST', payment: { id: b, balance: '40' } });
  });

  it('400 naming the field, and nothing is written', async () => {
    const id = await payment('100');
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectStatus(await post('/disputes', body), 400, message);
    const good = { payment_id: id, amount: '10', reason: 'r', response_due: '2026-12-01' };
    await bad({ ...good, amount: '0' }, `amount: ${DISPUTE_MESSAGES.amount}`);
    await bad({ ...good, reason: '' }, `reason: ${DISPUTE_MESSAGES.reason}`);
    await bad({ ...good, response_due: '2026-02-30' }, `response_due: ${DISPUTE_MESSAGES.responseDue}`);
    await bad({ ...good, payment_id: 'x' }, `payment_id: ${DISPUTE_MESSAGES.payment}`);
    const opened = await dataOf(await open(id, '10'), 201, disputeSchema);
    await expectStatus(
      await post(`/disputes/${opened.id}/decision`, { decision: 'MAYBE', notes: 'x' }),
      400,
      `decision: ${DISPUTE_MESSAGES.decision}`,
    );
    await expectStatus(
      await post(`/disputes/${opened.id}/decision`, { decision: 'WON', notes: ' ' }),
      400,
      `notes: ${DISPUTE_MESSAGES.notes}`,
    );
    await expectStatus(await api.call('/api/v1/disputes?status=closed', { token: signed.support }), 400);
    await expectStatus(
      await api.call('/api/v1/disputes?from=2026-12-02&to=2026-12-01', { token: signed.support }),
      400,
    );
    const [row] = await db().select().from(disputes).where(eq(disputes.id, opened.id));
    expect(row?.status).toBe('OPEN');
  });

  it('401 without a token; 403 without the permission (support views, cannot open or decide)', async () => {
    const id = await payment('100');
    await expectStatus(await open(id, '10', null), 401);
    await expectStatus(await api.call('/api/v1/disputes'), 401);
    await expectStatus(await open(id, '10', signed.support), 403, API_ERRORS.forbidden);
    const opened = await dataOf(await open(id, '10', signed.admin), 201, disputeSchema);
    await expectStatus(await decide(opened.id, 'WON', signed.support), 403);
    await expectStatus(await api.call('/api/v1/disputes', { token: await noPermissionToken(api) }), 403);
    await expectStatus(
      await api.call(`/api/v1/disputes/${opened.id}`, { token: await noPermissionToken(api) }),
      403,
    );
  });

  it('404 for an unknown chargeback or payment', async () => {
    await expectStatus(await decide(UNKNOWN_ID, 'WON'), 404, API_ERRORS.notFound('Chargeback'));
    await expectStatus(
      await api.call(`/api/v1/disputes/${UNKNOWN_ID}`, { token: signed.support }),
      404,
      API_ERRORS.notFound('Chargeback'),
    );
    await expectStatus(await open(UNKNOWN_ID), 404, API_ERRORS.notFound('Transaction'));
  });

  it('409: not a successful payment, more than is left, an already decided chargeback', async () => {
    const pending = await insertTransaction(api, { ref: `CB-P-${++counter}`, date: DATE, status: 'PENDING' });
    await expectStatus(await open(pending), 409, DISPUTE_MESSAGES.notAPayment);
    const id = await payment('100');
    await dataOf(
      await post(`/transactions/${id}/refunds`, { amount: '70', reason: 'x' }),
      201,
      paymentRefundsSchema.entries.refunds.item,
    );
    await expectStatus(await open(id, '31'), 409, DISPUTE_MESSAGES.tooMuch('30'));
    const opened = await dataOf(await open(id, '30'), 201, disputeSchema);
    await dataOf(await decide(opened.id, 'WON'), 200, disputeSchema);
    await expectStatus(await decide(opened.id, 'LOST'), 409, DISPUTE_MESSAGES.notOpen('WON'));
  });

  it('the platform reports a chargeback with its API key (idempotent); staff tokens and clients without the scope are refused', async () => {
    const id = await payment('100');
    const client = await createTestApiClient(db(), ['disputes:write'], 'Acquirer feed');
    const body = JSON.stringify({
      payment_id: id,
      amount: '20',
      reason: 'Fraud',
      response_due: '2026-12-10',
    });
    const report = (headers: Record<string, string>, key = 'cb-1') =>
      api.call('/api/v1/platform/disputes', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
      });
    const first = await dataOf(await report(client.headers), 201, disputeSchema);
    expect(first).toMatchObject({
      status: 'OPEN',
      amount: '20',
      opened_by: { kind: 'platform', actor: { id: client.id, name: 'Acquirer feed' } },
    });
    // The same key and body: the first answer again, nothing new written.
    const replay = await dataOf(await report(client.headers), 201, disputeSchema);
    expect(replay.id).toBe(first.id);
    expect(await db().select().from(disputes).where(eq(disputes.paymentId, id))).toHaveLength(1);
    await expectStatus(await report({ Authorization: `Bearer ${signed.finance}` }, 'cb-2'), 403);
    const payments = await createTestApiClient(db(), ['payments:write'], 'Payments only');
    await expectStatus(await report(payments.headers, 'cb-3'), 403);
    await expectStatus(await report({}, 'cb-4'), 401);
    await expectBooksHold();
  });
});
