import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { API_ERRORS } from '@contract/messages';
import { BULK_DECISION_MAX, BULK_DECISION_MESSAGES, bulkDecisionSchema } from '@contract/payout-bulk';
import { PERMISSIONS } from '@contract/permissions';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { approvalRequests, auditLog, journals, transactions } from '../db/schema';
import { describeApi, readEnvelope, tokenWithPermissions } from '../test/api';
import { insertCollection, insertPayoutRequest, insertTransaction } from '../test/transaction-fixtures';

const DATE = new Date('2026-11-20T09:00:00Z');
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const NO_RULES = {
  payout_thresholds: [],
  refund_thresholds: [],
  manual_journals: false,
  gl_account_changes: false,
  account_mapping_changes: false,
};

describeApi('POST /payouts/bulk-decision', { signIn: ['admin', 'finance'] }, (api, signed) => {
  let counter = 0;
  let viewerOnly: string;
  const db = () => api.database.db;

  beforeAll(async () => {
    await insertCollection(api, { ref: 'IN-BULK', date: DATE, amount: '1000000' });
    viewerOnly = await tokenWithPermissions(
      api,
      { id: '44444444-4444-4444-8444-444444444444', name: 'Liya Alemu', handle: 'liya' },
      [PERMISSIONS.viewTransactions],
    );
  });

  beforeEach(async () => {
    await putRules(NO_RULES);
  });

  function putRules(rules: unknown) {
    return api.call('/api/v1/approval-rules', {
      method: 'PUT',
      token: signed.admin,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(rules),
    });
  }

  const payout = (amount = '100', prefix = 'PO-BULK') =>
    insertPayoutRequest(api, { ref: `${prefix}-${++counter}`, date: DATE, amount, method: 'CBE' });

  function bulk(body: unknown, token: string | null = signed.finance) {
    return api.call('/api/v1/payouts/bulk-decision', {
      method: 'POST',
      token: token ?? undefined,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function answerOf(response: Response) {
    expect(response.status).toBe(200);
    return (await readEnvelope(response, bulkDecisionSchema)).data;
  }

  async function expectRefused(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    expect((await readEnvelope(response)).errorMessage).toBe(message);
  }

  async function statusOf(id: string) {
    const [row] = await db()
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, id));
    return row?.status;
  }

  async function decisionJournals(ids: string[]) {
    const [row] = await db()
      .select({ n: count() })
      .from(journals)
      .where(and(inArray(journals.transactionId, ids), eq(journals.eventType, 'PAYOUT_APPROVED')));
    return row?.n ?? 0;
  }

  it('approves three payouts, each with its decision journal, and says so per id', async () => {
    const ids = [await payout(), await payout(), await payout()];
    const answer = await answerOf(await bulk({ command: 'approve', ids }));
    expect(answer.counts).toEqual({ approved: 3, rejected: 0, sent_for_approval: 0, refused: 0 });
    expect(answer.results.map((r) => [r.id, r.outcome, r.message])).toEqual(
      ids.map((id) => [id, 'approved', null]),
    );
    for (const id of ids) expect(await statusOf(id)).toBe('SUCCESS');
    expect(await decisionJournals(ids)).toBe(3);
  });

  it('rejecting needs a reason; with one each payout is canceled and the reason is audited', async () => {
    const ids = [await payout(), await payout()];
    await expectRefused(
      await bulk({ command: 'reject', ids }),
      400,
      `reason: ${BULK_DECISION_MESSAGES.reasonRequired}`,
    );
    expect(await statusOf(ids[0] ?? '')).toBe('PAY_OUT');
    const answer = await answerOf(await bulk({ command: 'reject', ids, reason: 'Duplicate requests' }));
    expect(answer.counts).toMatchObject({ rejected: 2, refused: 0 });
    for (const id of ids) expect(await statusOf(id)).toBe('CANCELED');
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'payout.bulk-decision'));
    expect(audited.map((a) => a.after)).toContainEqual(
      expect.objectContaining({ command: 'reject', reason: 'Duplicate requests', rejected: 2 }),
    );
  });

  it('mixed: what cannot be decided is refused with the single decision’s message, the rest goes through', async () => {
    const fresh = await payout();
    const decided = await payout();
    await answerOf(await bulk({ command: 'reject', ids: [decided], reason: 'Earlier' }));
    const payment = await insertTransaction(api, {
      ref: `PAY-BULK-${++counter}`,
      date: DATE,
      amount: '10',
      status: 'SUCCESS',
      type: 'PAYMENT',
      method: 'CBE',
    });
    const answer = await answerOf(
      await bulk({ command: 'approve', ids: [decided, fresh, UNKNOWN_ID, payment] }),
    );
    expect(answer.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      [decided, 'refused', API_ERRORS.payoutNotPending],
      [fresh, 'approved', null],
      [UNKNOWN_ID, 'refused', API_ERRORS.notFound('Transaction')],
      [payment, 'refused', API_ERRORS.payoutNotPending],
    ]);
    expect(answer.counts).toEqual({ approved: 1, rejected: 0, sent_for_approval: 0, refused: 3 });
    expect(await statusOf(fresh)).toBe('SUCCESS');
    expect(await statusOf(decided)).toBe('CANCELED');
    expect(await statusOf(payment)).toBe('SUCCESS');
  });

  it('a payout above the approval threshold becomes a pending request, not approved; the others are', async () => {
    await putRules({ ...NO_RULES, payout_thresholds: [{ currency: 'ETB', amount: '500' }] });
    const small = await payout('499');
    const large = await payout('500.01');
    const answer = await answerOf(await bulk({ command: 'approve', ids: [small, large] }));
    expect(answer.results.map((r) => r.outcome)).toEqual(['approved', 'sent-for-approval']);
    const [request] = await db().select().from(approvalRequests).where(eq(approvalRequests.subjectId, large));
    expect(request).toMatchObject({ status: 'PENDING', requestedByName: DEMO_ACCOUNTS.finance.name });
    expect(answer.results[1]?.approval_request_id).toBe(request?.id);
    expect(await statusOf(large)).toBe('PAY_OUT');
    expect(await decisionJournals([large])).toBe(0);
    // Again: the request already waiting refuses it, as a single approval would be refused.
    const again = await answerOf(await bulk({ command: 'approve', ids: [large] }));
    expect(again.results[0]).toMatchObject({ outcome: 'refused' });
  });

  it('all that match the filters: every pending payout the list would show, and no other', async () => {
    const matching = [await payout('100', 'PO-FILTER'), await payout('100', 'PO-FILTER')];
    const other = await payout('100', 'PO-OTHER');
    const answer = await answerOf(
      await bulk({ command: 'reject', reason: 'Test batch', filter: { search_term: 'PO-FILTER' } }),
    );
    expect(answer.results.map((r) => r.id).sort()).toEqual([...matching].sort());
    expect(answer.counts.rejected).toBe(2);
    expect(await statusOf(other)).toBe('PAY_OUT');
  });

  it('two bulk calls at once on the same payouts decide each payout once', async () => {
    const ids = [await payout(), await payout(), await payout()];
    const [first, second] = await Promise.all([
      answerOf(await bulk({ command: 'approve', ids })),
      answerOf(await bulk({ command: 'approve', ids }, signed.admin)),
    ]);
    expect((first?.counts.approved ?? 0) + (second?.counts.approved ?? 0)).toBe(3);
    expect((first?.counts.refused ?? 0) + (second?.counts.refused ?? 0)).toBe(3);
    expect(await decisionJournals(ids)).toBe(3);
  });

  it('400 naming the field: no ids, too many, a malformed id, both ids and filter, neither, a bad command', async () => {
    const id = await payout();
    const tooMany = Array.from({ length: BULK_DECISION_MAX + 1 }, () => crypto.randomUUID());
    const cases: [unknown, string][] = [
      [{ command: 'approve', ids: [] }, `ids: ${BULK_DECISION_MESSAGES.idsEmpty}`],
      [{ command: 'approve', ids: tooMany }, `ids: ${BULK_DECISION_MESSAGES.idsTooMany}`],
      [{ command: 'approve', ids: [id, 'nope'] }, `ids.1: ${BULK_DECISION_MESSAGES.id}`],
      [{ command: 'approve', ids: 'all' }, `ids: ${BULK_DECISION_MESSAGES.ids}`],
      [{ command: 'approve', ids: [id], filter: {} }, `ids: ${BULK_DECISION_MESSAGES.idsOrFilter}`],
      [{ command: 'approve' }, `ids: ${BULK_DECISION_MESSAGES.idsOrFilter}`],
      [{ command: 'pay', ids: [id] }, `command: ${BULK_DECISION_MESSAGES.command}`],
    ];
    for (const [body, message] of cases) await expectRefused(await bulk(body), 400, message);
    expect(await statusOf(id)).toBe('PAY_OUT');
  });

  it('401 without a token, 403 without change-payout-status; nothing decided', async () => {
    const id = await payout();
    await expectRefused(await bulk({ command: 'approve', ids: [id] }, null), 401, API_ERRORS.unauthenticated);
    await expectRefused(await bulk({ command: 'approve', ids: [id] }, viewerOnly), 403, API_ERRORS.forbidden);
    expect(await statusOf(id)).toBe('PAY_OUT');
  });
});
