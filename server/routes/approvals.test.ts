import { APPROVAL_MESSAGES, approvalRequestSchema, approvalRulesSchema } from '@contract/approval';
import { waitingCountsSchema } from '@contract/dashboard';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { pagedSchema } from '@contract/envelope';
import { glAccountSchema } from '@contract/gl-account';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { transactionDetailSchema } from '@contract/transaction';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountingPeriods,
  accountMappings,
  approvalRequests,
  auditLog,
  glAccounts,
  journals,
  transactions,
  users,
} from '../db/schema';
import { describeApi, readEnvelope, tokenWithPermissions } from '../test/api';
import {
  insertCollection,
  insertPayoutRequest,
  journalsOf,
  ledgerTotals,
} from '../test/transaction-fixtures';

const DATE = new Date('2026-11-20T09:00:00Z');
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

/** The status and the error envelope's message: exactly a string, or matching a pattern. */
async function expectError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await readEnvelope(response);
  if (typeof message === 'string') expect(body.errorMessage).toBe(message);
  else if (message) expect(body.errorMessage).toMatch(message);
}

const NO_RULES = {
  payout_thresholds: [],
  refund_thresholds: [],
  manual_journals: false,
  gl_account_changes: false,
  account_mapping_changes: false,
};

describeApi('four-eyes approvals', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let counter = 0;
  /** A second checker holding what finance holds: for the race. */
  let auditor: string;
  /** decide-approval without change-payout-status. */
  let deciderWithoutPayouts: string;
  let adminId: string;

  const db = () => api.database.db;

  beforeAll(async () => {
    await insertCollection(api, { ref: 'IN-APPROVALS', date: DATE, amount: '1000000' });
    await insertCollection(api, { ref: 'IN-APPROVALS-USD', date: DATE, amount: '1000000', currency: 'USD' });
    auditor = await tokenWithPermissions(
      api,
      { id: '22222222-2222-4222-8222-222222222222', name: 'Selam Tesfaye', handle: 'auditor' },
      [PERMISSIONS.viewApproval, PERMISSIONS.decideApproval, PERMISSIONS.changePayoutStatus],
    );
    deciderWithoutPayouts = await tokenWithPermissions(
      api,
      { id: '33333333-3333-4333-8333-333333333333', name: 'Hana Girma', handle: 'hana' },
      [PERMISSIONS.viewApproval, PERMISSIONS.decideApproval],
    );
    const [admin] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    if (!admin) throw new Error('no admin');
    adminId = admin.id;
  });

  beforeEach(async () => {
    await putRules(NO_RULES);
  });

  async function putRules(rules: unknown, token = signed.admin) {
    return api.call('/api/v1/approval-rules', {
      method: 'PUT',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(rules),
    });
  }
  const payoutThreshold = (currency: string, amount: string) =>
    putRules({ ...NO_RULES, payout_thresholds: [{ currency, amount }] });

  const payout = (amount: string, currency: 'ETB' | 'USD' = 'ETB') =>
    insertPayoutRequest(api, {
      ref: `PO-APPROVAL-${++counter}`,
      date: DATE,
      amount,
      currency,
      method: currency === 'ETB' ? 'CBE' : 'CBE',
    });

  const approvePayout = (id: string, token = signed.admin) =>
    api.call(`/api/v1/payout/transactions/${id}?command=approve`, { method: 'POST', token });

  const decide = (id: string, body: unknown, token = signed.finance) =>
    api.call(`/api/v1/approvals/${id}/decision`, {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function statusOf(id: string) {
    const [row] = await db()
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, id));
    return row?.status;
  }

  async function requested(response: Response) {
    expect(response.status).toBe(202);
    const { data } = await readEnvelope(response, approvalRequestSchema);
    expect(data.status).toBe('PENDING');
    return data;
  }

  describe('rules', () => {
    it('start empty (period reopening always covered), are replaced whole, codes upper-case, amounts exact', async () => {
      const initial = await readEnvelope(
        await api.call('/api/v1/approval-rules', { token: signed.admin }),
        approvalRulesSchema,
      );
      expect(initial.data).toEqual({ ...NO_RULES, period_reopening: true });

      const response = await putRules({
        payout_thresholds: [
          { currency: 'usd', amount: '2500.125' },
          { currency: 'ETB', amount: 100000.5 },
        ],
        refund_thresholds: [{ currency: 'ETB', amount: '0' }],
        manual_journals: true,
        gl_account_changes: false,
        account_mapping_changes: true,
      });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, approvalRulesSchema);
      expect(data).toEqual({
        payout_thresholds: [
          { currency: 'ETB', amount: '100000.5' },
          { currency: 'USD', amount: '2500.125' },
        ],
        refund_thresholds: [{ currency: 'ETB', amount: '0' }],
        manual_journals: true,
        gl_account_changes: false,
        account_mapping_changes: true,
        period_reopening: true,
      });
      const [audit] = await db()
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'approval-rules.update'));
      expect(audit?.n).toBeGreaterThan(0);
    });

    it('refuses an unknown currency, a repeated one, a negative or over-precise amount (400 naming the field), nothing changed', async () => {
      await payoutThreshold('ETB', '10');
      const cases: [unknown, string][] = [
        [
          {
            ...NO_RULES,
            payout_thresholds: [
              { currency: 'ETB', amount: '1' },
              { currency: 'XYZ', amount: '1' },
            ],
          },
          `payout_thresholds.1.currency: ${APPROVAL_MESSAGES.unknownCurrency('XYZ')}`,
        ],
        [
          {
            ...NO_RULES,
            refund_thresholds: [
              { currency: 'ETB', amount: '1' },
              { currency: 'etb', amount: '2' },
            ],
          },
          APPROVAL_MESSAGES.duplicateCurrency('etb'),
        ],
        [{ ...NO_RULES, payout_thresholds: [{ currency: 'ETB', amount: '-1' }] }, APPROVAL_MESSAGES.amount],
        [
          { ...NO_RULES, payout_thresholds: [{ currency: 'ETB', amount: '1.1234567' }] },
          'Amount can have at most 6',
        ],
        [{ ...NO_RULES, manual_journals: 'yes' }, 'manual_journals'],
      ];
      for (const [body, message] of cases) {
        const response = await putRules(body);
        await expectError(response, 400, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      }
      const { data } = await readEnvelope(
        await api.call('/api/v1/approval-rules', { token: signed.admin }),
        approvalRulesSchema,
      );
      expect(data.payout_thresholds).toEqual([{ currency: 'ETB', amount: '10' }]);
    });

    it('need manage-approval-rules: finance and support get 403', async () => {
      for (const token of [signed.finance, signed.support]) {
        await expectError(await api.call('/api/v1/approval-rules', { token }), 403);
        await expectError(await putRules(NO_RULES, token), 403);
      }
    });
  });

  describe('payouts', () => {
    it('below the threshold and exactly at it: approved at once (200), no request', async () => {
      await payoutThreshold('ETB', '1000.50');
      for (const amount of ['999.99', '1000.5']) {
        const id = await payout(amount);
        const response = await approvePayout(id);
        expect(response.status).toBe(200);
        const { data } = await readEnvelope(response, transactionDetailSchema);
        expect(data.status).toBe('SUCCESS');
        const [pending] = await db()
          .select({ n: count() })
          .from(approvalRequests)
          .where(eq(approvalRequests.subjectId, id));
        expect(pending?.n).toBe(0);
      }
    });

    it('above the threshold: 202 with the pending request; the payout stays PAY_OUT and nothing is posted', async () => {
      await payoutThreshold('ETB', '1000.50');
      const id = await payout('1000.51');
      const journalsBefore = (await journalsOf(db(), id)).length;
      const request = await requested(await approvePayout(id));
      expect(request).toMatchObject({
        kind: 'payout',
        action: 'payout.approve',
        subject_id: id,
        amount: '1000.51',
        currency: 'ETB',
        before: { status: 'PAY_OUT' },
        after: { status: 'SUCCESS' },
        requested_by: { id: adminId, name: DEMO_ACCOUNTS.admin.name },
        decided_by: null,
      });
      expect(await statusOf(id)).toBe('PAY_OUT');
      expect((await journalsOf(db(), id)).length).toBe(journalsBefore);
      // A second approval while one waits is refused, race-safe by a unique index.
      await expectError(await approvePayout(id, signed.finance), 409, APPROVAL_MESSAGES.alreadyWaiting);
      // Rejecting the payout itself is not covered: it goes through.
    });

    it('per currency: a threshold in ETB does not cover USD payouts, and USD has its own', async () => {
      await payoutThreshold('ETB', '10');
      const usd = await payout('500', 'USD');
      expect((await approvePayout(usd)).status).toBe(200);
      await putRules({
        ...NO_RULES,
        payout_thresholds: [
          { currency: 'ETB', amount: '10' },
          { currency: 'USD', amount: '100' },
        ],
      });
      const usdAbove = await payout('100.000001', 'USD');
      const request = await requested(await approvePayout(usdAbove));
      expect(request.currency).toBe('USD');
    });

    it('approval by a second person carries the payout out: SUCCESS, its journal posted by the maker, the ledger balanced', async () => {
      await payoutThreshold('ETB', '100');
      const id = await payout('250');
      const request = await requested(await approvePayout(id));
      const response = await decide(request.id, { command: 'approve' });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, approvalRequestSchema);
      expect(data).toMatchObject({
        status: 'APPROVED',
        decided_by: { name: DEMO_ACCOUNTS.finance.name },
        failure: null,
      });
      expect(await statusOf(id)).toBe('SUCCESS');
      const approvals = (await journalsOf(db(), id)).filter((j) => j.eventType === 'PAYOUT_APPROVED');
      expect(approvals).toHaveLength(1);
      const [journal] = await db()
        .select({ by: journals.postedByName })
        .from(journals)
        .where(eq(journals.id, approvals[0]?.id ?? UNKNOWN_ID));
      expect(journal?.by).toBe(DEMO_ACCOUNTS.admin.name);
      const totals = await ledgerTotals(db());
      expect(totals.unbalanced).toEqual([]);
      const audits = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.resourceType, 'approval'), eq(auditLog.resourceId, request.id)));
      expect(audits.map((a) => a.action).sort()).toEqual(['approval.decide', 'approval.request']);
    });

    it('the maker can never check their own request (403), nor can a checker without the payout permission', async () => {
      await payoutThreshold('ETB', '100');
      const id = await payout('300');
      const request = await requested(await approvePayout(id));
      await expectError(
        await decide(request.id, { command: 'approve' }, signed.admin),
        403,
        APPROVAL_MESSAGES.ownRequest,
      );
      await expectError(
        await decide(request.id, { command: 'reject', reason: 'mine' }, signed.admin),
        403,
        APPROVAL_MESSAGES.ownRequest,
      );
      await expectError(
        await decide(request.id, { command: 'approve' }, deciderWithoutPayouts),
        403,
        APPROVAL_MESSAGES.actionPermission,
      );
      await expectError(await decide(request.id, { command: 'approve' }, signed.support), 403);
      expect(await statusOf(id)).toBe('PAY_OUT');
      const [row] = await db().select().from(approvalRequests).where(eq(approvalRequests.id, request.id));
      expect(row?.status).toBe('PENDING');
    });

    it('rejection needs a reason, then changes nothing but the request; a later decision is 409', async () => {
      await payoutThreshold('ETB', '100');
      const id = await payout('400');
      const request = await requested(await approvePayout(id));
      const ledgerBefore = await ledgerTotals(db());
      await expectError(await decide(request.id, { command: 'reject' }), 400, /^reason: /);
      await expectError(await decide(request.id, { command: 'reject', reason: '   ' }), 400, /^reason: /);
      await expectError(await decide(request.id, { command: 'maybe' }), 400, /^command: /);
      const response = await decide(request.id, { command: 'reject', reason: 'Not this week' });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, approvalRequestSchema);
      expect(data).toMatchObject({ status: 'REJECTED', reason: 'Not this week' });
      expect(await statusOf(id)).toBe('PAY_OUT');
      expect(await ledgerTotals(db())).toEqual(ledgerBefore);
      await expectError(
        await decide(request.id, { command: 'approve' }, auditor),
        409,
        APPROVAL_MESSAGES.alreadyDecided,
      );
    });

    it('race: two checkers at once give one decision and one 409', async () => {
      await payoutThreshold('ETB', '100');
      const id = await payout('500');
      const request = await requested(await approvePayout(id));
      const answers = await Promise.all([
        decide(request.id, { command: 'approve' }, signed.finance),
        decide(request.id, { command: 'approve' }, auditor),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const approvals = (await journalsOf(db(), id)).filter((j) => j.eventType === 'PAYOUT_APPROVED');
      expect(approvals).toHaveLength(1);
      expect(await statusOf(id)).toBe('SUCCESS');
    });

    it('an approval that can no longer be carried out (payout rejected meanwhile) is FAILED with the reason; nothing else changes', async () => {
      await payoutThreshold('ETB', '100');
      const id = await payout('600');
      const request = await requested(await approvePayout(id));
      const reject = await api.call(`/api/v1/payout/transactions/${id}?command=reject`, {
        method: 'POST',
        token: signed.finance,
      });
      expect(reject.status).toBe(200);
      const ledgerBefore = await ledgerTotals(db());
      const response = await decide(request.id, { command: 'approve' }, auditor);
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, approvalRequestSchema);
      expect(data).toMatchObject({ status: 'FAILED', failure: API_ERRORS.payoutNotPending });
      expect(await statusOf(id)).toBe('CANCELED');
      expect(await ledgerTotals(db())).toEqual(ledgerBefore);
    });
  });

  describe('GL accounts and account mappings', () => {
    const glBody = (name: string) => ({
      name,
      type: 'ASSET',
      manual_journal_entries_allowed: true,
      description: `About ${name}`,
    });
    const post = (path: string, body: unknown, token = signed.admin, method = 'POST') =>
      api.call(`/api/v1/${path}`, {
        method,
        token,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('off: created at once; on: a new account waits, and appears only when approved', async () => {
      expect((await post('gl-accounts', glBody('Approval Off Account'))).status).toBe(201);
      await putRules({ ...NO_RULES, gl_account_changes: true });
      const request = await requested(await post('gl-accounts', glBody('Approval On Account')));
      expect(request).toMatchObject({
        action: 'gl-account.create',
        before: null,
        after: glBody('Approval On Account'),
      });
      const named = () =>
        db().select({ n: count() }).from(glAccounts).where(eq(glAccounts.name, 'Approval On Account'));
      expect((await named())[0]?.n).toBe(0);
      expect((await decide(request.id, { command: 'approve' })).status).toBe(200);
      expect((await named())[0]?.n).toBe(1);
    });

    it('an update waits with the fields before and after; rejecting it leaves the account as it was', async () => {
      const created = await readEnvelope(
        await post('gl-accounts', glBody('Approval Update Account')),
        glAccountSchema,
      );
      await putRules({ ...NO_RULES, gl_account_changes: true });
      const request = await requested(
        await post(`gl-accounts/${created.data.id}`, glBody('Approval Renamed Account'), signed.admin, 'PUT'),
      );
      expect(request).toMatchObject({
        action: 'gl-account.update',
        subject_id: created.data.id,
        before: { name: 'Approval Update Account' },
        after: { name: 'Approval Renamed Account' },
      });
      await expectError(await post(`gl-accounts/${UNKNOWN_ID}`, glBody('Nobody'), signed.admin, 'PUT'), 404);
      expect((await decide(request.id, { command: 'reject', reason: 'Keep the name' })).status).toBe(200);
      const [row] = await db().select().from(glAccounts).where(eq(glAccounts.id, created.data.id));
      expect(row?.name).toBe('Approval Update Account');
    });

    it('account mappings wait when their rule is on; nothing is created before the decision', async () => {
      await putRules({ ...NO_RULES, account_mapping_changes: true });
      const [owner] = api.catalog.glAccounts.filter((g) => g.name === 'Owner Equity');
      const before = (await db().select({ n: count() }).from(accountMappings))[0]?.n;
      const request = await requested(
        await post('account-mappings', [
          { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: owner?.id },
        ]),
      );
      expect(request.action).toBe('account-mapping.create');
      expect((await db().select({ n: count() }).from(accountMappings))[0]?.n).toBe(before);
      expect((await decide(request.id, { command: 'approve' })).status).toBe(200);
      expect((await db().select({ n: count() }).from(accountMappings))[0]?.n).toBe((before ?? 0) + 1);
    });
  });

  describe('manual journals, period reopening and refunds', () => {
    const json = (path: string, body: unknown, token: string) =>
      api.call(`/api/v1/${path}`, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const glId = (name: string) => api.catalog.glAccounts.find((g) => g.name === name)?.id;
    const etb = () => api.catalog.currencies.find((c) => c.nameCode === 'ETB')?.id;
    const journalCount = async () => (await db().select({ n: count() }).from(journals))[0]?.n ?? 0;

    it('every manual journal waits when the rule is on, with its debit total; approval posts it', async () => {
      await putRules({ ...NO_RULES, manual_journals: true });
      const before = await journalCount();
      const request = await requested(
        await json(
          'journals',
          {
            currency_id: etb(),
            entry_date: '2026-11-21',
            narration: 'Capital through approval',
            reference: 'V-APPROVAL',
            lines: [
              { gl_account_id: glId('Settlement Bank Accounts'), entry_type: 'DEBIT', amount: '1000.25' },
              { gl_account_id: glId('Owner Equity'), entry_type: 'CREDIT', amount: '1000.25' },
            ],
          },
          signed.admin,
        ),
      );
      expect(request).toMatchObject({ kind: 'manual-journal', amount: '1000.25', currency: 'ETB' });
      expect(await journalCount()).toBe(before);
      expect((await decide(request.id, { command: 'approve' })).status).toBe(200);
      expect(await journalCount()).toBe(before + 1);
    });

    it('reopening a closed period always waits, even with no rule on; the maker cannot approve it', async () => {
      expect((await json('accounting-periods/close', { month: '2026-09' }, signed.finance)).status).toBe(200);
      const request = await requested(
        await json('accounting-periods/reopen', { month: '2026-09', reason: 'Late invoice' }, signed.finance),
      );
      expect(request).toMatchObject({ kind: 'period-reopen', before: { status: 'CLOSED' } });
      const status = async () =>
        (await db().select().from(accountingPeriods).where(eq(accountingPeriods.month, '2026-09-01')))[0]
          ?.status;
      await expectError(
        await decide(request.id, { command: 'approve' }, signed.finance),
        403,
        APPROVAL_MESSAGES.ownRequest,
      );
      expect(await status()).toBe('CLOSED');
      expect((await decide(request.id, { command: 'approve' }, signed.admin)).status).toBe(200);
      expect(await status()).toBe('OPEN');
      // An open month is refused at once: nothing to approve.
      await expectError(
        await json('accounting-periods/reopen', { month: '2026-09', reason: 'x' }, signed.finance),
        409,
      );
    });

    it('refunds above the threshold in their currency wait; at it they go through', async () => {
      await putRules({ ...NO_RULES, refund_thresholds: [{ currency: 'ETB', amount: '100' }] });
      const paymentId = await insertCollection(api, {
        ref: `PAY-APPROVAL-${++counter}`,
        date: DATE,
        amount: '1000',
      });
      const refundCount = async () =>
        (await db().select({ n: count() }).from(transactions).where(eq(transactions.type, 'REFUND')))[0]?.n ??
        0;
      const before = await refundCount();
      expect(
        (await json(`transactions/${paymentId}/refunds`, { amount: '100', reason: 'Damaged' }, signed.admin))
          .status,
      ).toBe(201);
      const request = await requested(
        await json(`transactions/${paymentId}/refunds`, { amount: '150', reason: 'Returned' }, signed.admin),
      );
      expect(request).toMatchObject({ kind: 'refund', amount: '150', currency: 'ETB' });
      expect(await refundCount()).toBe(before + 1);
      expect((await decide(request.id, { command: 'approve' })).status).toBe(200);
      expect(await refundCount()).toBe(before + 2);
    });
  });

  describe('inbox and bell', () => {
    it('lists newest first with the status filter, search and paging; 404 for an unknown request', async () => {
      await payoutThreshold('ETB', '1');
      const a = await requested(await approvePayout(await payout('11')));
      api.clock.advance(60_000);
      const b = await requested(await approvePayout(await payout('12')));
      const listed = await readEnvelope(
        await api.call('/api/v1/approvals?status=PENDING&limit=1', { token: signed.support }),
        pagedSchema(approvalRequestSchema),
      );
      expect(listed.data.contents.map((r) => r.id)).toEqual([b.id]);
      expect(listed.data.total_pages).toBe(listed.data.total);
      const searched = await readEnvelope(
        await api.call(`/api/v1/approvals?search_term=${encodeURIComponent(a.summary)}`, {
          token: signed.support,
        }),
        pagedSchema(approvalRequestSchema),
      );
      expect(searched.data.contents.map((r) => r.id)).toEqual([a.id]);
      await expectError(
        await api.call('/api/v1/approvals?status=OPEN', { token: signed.support }),
        400,
        /^status: /,
      );
      await expectError(await api.call(`/api/v1/approvals/${UNKNOWN_ID}`, { token: signed.support }), 404);
      await expectError(await decide(UNKNOWN_ID, { command: 'approve' }), 404);
    });

    it('the bell counts requests waiting for me: not my own, and only with decide-approval', async () => {
      const waiting = async (token: string) =>
        (await readEnvelope(await api.call('/api/v1/dashboard/waiting', { token }), waitingCountsSchema)).data
          .approvals_waiting;
      await payoutThreshold('ETB', '1');
      const financeBefore = await waiting(signed.finance);
      const adminBefore = await waiting(signed.admin);
      await requested(await approvePayout(await payout('13')));
      expect(await waiting(signed.finance)).toBe((financeBefore ?? 0) + 1);
      expect(await waiting(signed.admin)).toBe(adminBefore);
      expect(await waiting(signed.support)).toBeNull();
    });
  });
});
