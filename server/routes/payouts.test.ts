import { compare, negate, sub, sum } from '@contract/decimal';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { pagedSchema } from '@contract/envelope';
import { journalEntrySchema } from '@contract/journal-entry';
import { API_ERRORS, API_LEDGER_ERRORS } from '@contract/messages';
import { transactionDetailSchema, transactionSchema } from '@contract/transaction';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accountMappings, journalEntries, journals, transactions, users } from '../db/schema';
import { createRandom } from '../db/seed/random';
import { seedTransactions } from '../db/seed/transactions';
import { reverseLines } from '../domain/ledger';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus } from '../test/expect';
import { gatewayBalances, gatewayMovesAndPostings } from '../test/gateway-postings';
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
/** What a collection brings into the CBE gateway before the tests pay out of it (accounts open at zero). */
const CBE_FUNDING = '100000';

describeApi('POST /payout/transactions/{id}', (api) => {
  let finance: string;
  let counter = 0;
  let cbeGateway: string;
  let opening: Map<string, string>;

  beforeAll(async () => {
    opening = await gatewayBalances(api.database.db);
    finance = await api.tokenFor('finance');
    cbeGateway = gatewayOf('CBE');
    await insertCollection(api, { ref: 'IN-CBE', date: DATE, amount: CBE_FUNDING });
  });

  const db = () => api.database.db;
  /** The gateway account the fixtures use for a payment method: its first. */
  function gatewayOf(methodCode: string): string {
    const method = api.catalog.paymentMethods.find((m) => m.code === methodCode);
    const gateway = api.catalog.gatewayAccounts.find((g) => g.paymentMethodId === method?.id);
    if (!gateway) throw new Error(`no ${methodCode} gateway account`);
    return gateway.id;
  }
  const payout = (amount: string, method: string | null = 'CBE') =>
    insertPayoutRequest(api, { ref: `PO-${++counter}`, date: DATE, amount, method });

  function decide(id: string, command: string, token = finance) {
    return api.call(`/api/v1/payout/transactions/${id}?command=${command}`, { method: 'POST', token });
  }

  async function entriesOf(transactionId: string, eventType: string) {
    const [journal] = (await journalsOf(db(), transactionId)).filter((j) => j.eventType === eventType);
    if (!journal) return undefined;
    return db()
      .select({
        gl_account_id: journalEntries.glAccountId,
        entry_type: journalEntries.entryType,
        amount: journalEntries.amount,
      })
      .from(journalEntries)
      .where(eq(journalEntries.journalId, journal.id));
  }

  async function expectBalancedLedger() {
    const totals = await ledgerTotals(db());
    expect(totals.unbalanced).toEqual([]);
    expect(compare(totals.debit, totals.credit)).toBe(0);
    expect(compare(totals.sql?.debit ?? '', totals.sql?.credit ?? '')).toBe(0);
  }

  it('approve: SUCCESS, a balanced PAYOUT_APPROVED journal, the gateway balance down by the amount', async () => {
    const id = await payout('1250.55');
    const before = await gatewayBalance(db(), cbeGateway);
    const response = await decide(id, 'approve');
    expect(response.status).toBe(200);
    const { data } = await readEnvelope(response, transactionSchema);
    expect(data).toMatchObject({ id, status: 'SUCCESS', type: 'PAYOUT', amount: '1250.55' });
    const lines = await entriesOf(id, 'PAYOUT_APPROVED');
    expect(lines).toHaveLength(2);
    const debit = sum((lines ?? []).filter((l) => l.entry_type === 'DEBIT').map((l) => l.amount));
    const credit = sum((lines ?? []).filter((l) => l.entry_type === 'CREDIT').map((l) => l.amount));
    expect([debit, credit]).toEqual(['1250.55', '1250.55']);
    // The suspense the request credited is the one the approval debits.
    const request = await entriesOf(id, 'PAYOUT_REQUESTED');
    expect(lines?.find((l) => l.entry_type === 'DEBIT')?.gl_account_id).toBe(
      request?.find((l) => l.entry_type === 'CREDIT')?.gl_account_id,
    );
    expect(sub(await gatewayBalance(db(), cbeGateway), before)).toBe(negate('1250.55'));
    await expectBalancedLedger();
  });

  it('reject: CANCELED, the exact reversal of the request, the gateway balance unchanged', async () => {
    const id = await payout('99.95');
    const before = await gatewayBalance(db(), cbeGateway);
    const response = await decide(id, 'reject');
    expect(response.status).toBe(200);
    expect((await readEnvelope(response, transactionSchema)).data.status).toBe('CANCELED');
    const request = await entriesOf(id, 'PAYOUT_REQUESTED');
    const rejection = await entriesOf(id, 'PAYOUT_REJECTED');
    const key = (l: { gl_account_id: string; entry_type: string; amount: string }) =>
      `${l.entry_type}:${l.gl_account_id}:${compare(l.amount, '0') && l.amount}`;
    expect((rejection ?? []).map(key).sort()).toEqual(
      reverseLines(request ?? [])
        .map(key)
        .sort(),
    );
    expect(await gatewayBalance(db(), cbeGateway)).toBe(before);
    await expectBalancedLedger();
  });

  it('records who decided, and when, on the decision journal; the detail and the answer name them', async () => {
    const [financeUser] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.finance.email));
    const [adminUser] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    if (!financeUser || !adminUser) throw new Error('the demo users are missing');
    const admin = await api.tokenFor('admin');
    const detail = async (id: string) =>
      (
        await readEnvelope(
          await api.call(`/api/v1/transactions/${id}`, { token: admin }),
          transactionDetailSchema,
        )
      ).data;

    const approved = await payout('12.5');
    expect((await detail(approved)).decision).toBeNull();
    api.clock.advance(60_000);
    const answer = await readEnvelope(await decide(approved, 'approve'), transactionDetailSchema);
    const byFinance = { at: api.clock().toISOString(), by: { id: financeUser.id, name: financeUser.name } };
    expect(answer.data.decision).toEqual(byFinance);
    expect((await detail(approved)).decision).toEqual(byFinance);
    const [journal] = (await journalsOf(db(), approved)).filter((j) => j.eventType === 'PAYOUT_APPROVED');
    const [posted] = await db()
      .select({ id: journals.postedById, name: journals.postedByName })
      .from(journals)
      .where(eq(journals.id, journal?.id ?? UNKNOWN_ID));
    expect(posted).toEqual({ id: financeUser.id, name: financeUser.name });
    // The Journal Entry list names them on the decision's entries, and nobody on the request's.
    const ref = (await detail(approved)).reference.txn_ref;
    const listed = await readEnvelope(
      await api.call(`/api/v1/journal-entries?search_term=${ref}&limit=100`, { token: admin }),
      pagedSchema(journalEntrySchema),
    );
    expect(
      listed.data.contents.map((e) => [e.description?.split(' ')[0], e.posted_by?.name ?? null]).sort(),
    ).toEqual([
      ['Payout', null],
      ['Payout', null],
      ['Payout', financeUser.name],
      ['Payout', financeUser.name],
    ]);
    expect(listed.data.contents.filter((e) => e.posted_by !== null).map((e) => e.journal_id)).toEqual([
      journal?.id,
      journal?.id,
    ]);

    const rejected = await payout('7');
    const byAdmin = (await readEnvelope(await decide(rejected, 'reject', admin), transactionDetailSchema))
      .data;
    expect(byAdmin).toMatchObject({
      status: 'CANCELED',
      decision: { by: { id: adminUser.id, name: adminUser.name } },
    });
    // The request's own journal names nobody: only decisions are staff actions.
    const [request] = await db()
      .select({ id: journals.postedById })
      .from(journals)
      .where(and(eq(journals.transactionId, rejected), eq(journals.eventType, 'PAYOUT_REQUESTED')));
    expect(request).toEqual({ id: null });
    // A refused second decision changes nothing of the first.
    expect((await decide(rejected, 'approve')).status).toBe(409);
    expect((await detail(rejected)).decision).toEqual(byAdmin.decision);
  });

  it('a second decision answers 409 and writes nothing', async () => {
    const id = await payout('10');
    expect((await decide(id, 'approve')).status).toBe(200);
    const journalsBefore = (await journalsOf(db(), id)).length;
    const balance = await gatewayBalance(db(), cbeGateway);
    for (const command of ['approve', 'reject']) {
      const again = await decide(id, command);
      await expectStatus(again, 409, API_ERRORS.payoutNotPending);
    }
    expect((await journalsOf(db(), id)).length).toBe(journalsBefore);
    expect(await gatewayBalance(db(), cbeGateway)).toBe(balance);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(row?.status).toBe('SUCCESS');
  });

  it('a transaction that is not a pending payout answers 409; unknown 404; bad id or command 400', async () => {
    for (const status of ['SUCCESS', 'PENDING', 'CANCELED'] as const) {
      const id = await insertTransaction(api, { ref: `NP-${status}`, date: DATE, status });
      const response = await decide(id, 'approve');
      await expectStatus(response, 409, API_ERRORS.payoutNotPending);
      expect(await journalsOf(db(), id)).toEqual([]);
    }
    const unknown = await decide(UNKNOWN_ID, 'approve');
    await expectStatus(unknown, 404, API_ERRORS.notFound('Transaction'));
    expect((await decide('nope', 'approve')).status).toBe(400);
    const id = await payout('5');
    for (const command of ['approved', 'APPROVE', '']) {
      const bad = await decide(id, command);
      await expectStatus(bad, 400, `command: ${API_ERRORS.queryEnum('command', ['approve', 'reject'])}`);
    }
    const missing = await api.call(`/api/v1/payout/transactions/${id}`, { method: 'POST', token: finance });
    expect(missing.status).toBe(400);
    expect(await journalsOf(db(), id)).toHaveLength(1);
  });

  it('needs change-payout-status: 401 without a token, 403 for support, 200 for finance and admin', async () => {
    const id = await payout('7');
    const anonymous = await api.call(`/api/v1/payout/transactions/${id}?command=approve`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const support = await decide(id, 'approve', await api.tokenFor('support'));
    await expectStatus(support, 403, API_ERRORS.forbidden);
    expect(await journalsOf(db(), id)).toHaveLength(1);
    expect((await decide(id, 'approve', await api.tokenFor('admin'))).status).toBe(200);
  });

  it('50 simultaneous decisions over 5 payouts: exactly one transition each, no 5xx, a balanced ledger', async () => {
    const amounts = ['100.05', '2500', '0.5', '777.77', '31.2'];
    const ids = await Promise.all(amounts.map((a) => payout(a)));
    const before = await gatewayBalance(db(), cbeGateway);
    const calls = Array.from({ length: 50 }, (_, i) => {
      const id = ids[i % ids.length] as string;
      const command = i % 2 === 0 ? 'approve' : 'reject';
      return decide(id, command).then(async (r) => ({ id, command, status: r.status, body: await r.json() }));
    });
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(ids.length);
    expect(results.filter((r) => r.status === 409)).toHaveLength(50 - ids.length);
    let approved = '0';
    for (const [index, id] of ids.entries()) {
      const winners = results.filter((r) => r.id === id && r.status === 200);
      expect(winners).toHaveLength(1);
      const winner = winners[0];
      const decisions = (await journalsOf(db(), id)).filter((j) => j.eventType !== 'PAYOUT_REQUESTED');
      expect(decisions).toHaveLength(1);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
      expect(row?.status).toBe(winner?.command === 'approve' ? 'SUCCESS' : 'CANCELED');
      expect(decisions[0]?.eventType).toBe(
        winner?.command === 'approve' ? 'PAYOUT_APPROVED' : 'PAYOUT_REJECTED',
      );
      if (winner?.command === 'approve') approved = sum([approved, amounts[index] as string]);
    }
    expect(sub(before, await gatewayBalance(db(), cbeGateway))).toBe(approved);
    await expectBalancedLedger();
  });

  it('a missing account mapping refuses the event with 409 naming the type, and writes nothing', async () => {
    const id = await payout('42');
    const receiveControl = await db()
      .select()
      .from(accountMappings)
      .where(eq(accountMappings.financialAccountType, 'RECEIVE_CONTROL'));
    const balance = await gatewayBalance(db(), cbeGateway);
    const journalCount = (await db().select().from(journals)).length;
    await db()
      .delete(accountMappings)
      .where(
        inArray(
          accountMappings.id,
          receiveControl.map((m) => m.id),
        ),
      );
    try {
      const response = await decide(id, 'approve');
      await expectStatus(
        response,
        409,
        API_LEDGER_ERRORS.missingAccountMapping('RECEIVE_CONTROL', 'payout approval'),
      );
      const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
      expect(row?.status).toBe('PAY_OUT');
      expect((await db().select().from(journals)).length).toBe(journalCount);
      expect(await gatewayBalance(db(), cbeGateway)).toBe(balance);
      // A rejection needs no RECEIVE_CONTROL: it still goes through.
      expect((await decide(id, 'reject')).status).toBe(200);
    } finally {
      await db().insert(accountMappings).values(receiveControl);
    }
    await expectBalancedLedger();
  });

  it('approve refuses a payout its gateway account cannot cover: 409, nothing written; covered to the cent, it passes', async () => {
    const awash = gatewayOf('AWASH');
    const id = await payout('500.25', 'AWASH');
    await insertCollection(api, { ref: `IN-${++counter}`, date: DATE, amount: '500.24', method: 'AWASH' });
    const balance = await gatewayBalance(db(), awash);
    expect(compare(balance, '500.24')).toBe(0);
    const journalCount = (await db().select().from(journals)).length;

    const refused = await decide(id, 'approve');
    await expectStatus(refused, 409, API_LEDGER_ERRORS.gatewayCannotCover);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(row?.status).toBe('PAY_OUT');
    expect((await db().select().from(journals)).length).toBe(journalCount);
    expect(await gatewayBalance(db(), awash)).toBe(balance);

    // One cent more and it is paid, leaving exactly zero.
    await insertCollection(api, { ref: `IN-${++counter}`, date: DATE, amount: '0.01', method: 'AWASH' });
    expect((await decide(id, 'approve')).status).toBe(200);
    expect(compare(await gatewayBalance(db(), awash), '0')).toBe(0);
    // A rejection pays nothing out, so it needs no funds.
    expect((await decide(await payout('999999', 'AWASH'), 'reject')).status).toBe(200);
    await expectBalancedLedger();
  });

  it('concurrent approvals racing for the last funds: as many pass as the balance covers, never below zero', async () => {
    const dashen = gatewayOf('DASHEN');
    await insertCollection(api, { ref: `IN-${++counter}`, date: DATE, amount: '1000', method: 'DASHEN' });
    const ids = await Promise.all(Array.from({ length: 10 }, () => payout('300', 'DASHEN')));
    const results = await Promise.all(
      ids.map((id) =>
        decide(id, 'approve').then(async (r) => ({
          id,
          status: r.status,
          message: ((await r.json()) as { errorMessage: string | null }).errorMessage,
        })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.message])).toEqual(
      refused.map(() => [409, API_LEDGER_ERRORS.gatewayCannotCover]),
    );
    for (const { id } of refused) {
      const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
      expect(row?.status).toBe('PAY_OUT');
      expect(await journalsOf(db(), id)).toHaveLength(1);
    }
    expect(compare(await gatewayBalance(db(), dashen), '100')).toBe(0);
    await expectBalancedLedger();
  });

  it('after all the decisions above, each gateway account moved by exactly its own postings', async () => {
    const own = await gatewayMovesAndPostings(db(), opening);
    expect(own.unattributedLines).toBe(0);
    expect(own.methodMismatches).toBe(0);
    expect(own.moves).toEqual(own.postings);
    // Funded by one collection, then paid out of.
    expect(compare(own.moves[cbeGateway] ?? '0', CBE_FUNDING)).toBe(-1);
  });
});

describeApi('deciding seeded payouts', (api) => {
  async function expectEachGatewayMovedByItsPostings() {
    // Gateway accounts open at zero: each balance is its postings.
    const own = await gatewayMovesAndPostings(api.database.db, new Map());
    expect(own.unattributedLines).toBe(0);
    expect(own.methodMismatches).toBe(0);
    expect(own.moves).toEqual(own.postings);
    return own;
  }

  beforeAll(async () => {
    // The same seed step the CLI runs, on top of the harness's reference data.
    await seedTransactions(
      { db: api.database.db, random: createRandom(7), now: DATE, catalog: api.catalog, merchants: 0 },
      300,
    );
  });

  it('approves and rejects the seeded PAY_OUT requests; the ledger still balances, no gateway below zero', async () => {
    const db = api.database.db;
    const seeded = await expectEachGatewayMovedByItsPostings();
    const pending = await db.select().from(transactions).where(eq(transactions.status, 'PAY_OUT'));
    expect(pending.length).toBeGreaterThan(0);
    const finance = await api.tokenFor('finance');
    const results = await Promise.all(
      pending.map(async (p, i) => {
        const command = i % 2 ? 'reject' : 'approve';
        const response = await api.call(`/api/v1/payout/transactions/${p.id}?command=${command}`, {
          method: 'POST',
          token: finance,
        });
        const { errorMessage } = (await response.json()) as { errorMessage: string | null };
        return { payout: p, command, status: response.status, errorMessage };
      }),
    );
    // Rejections always pass; an approval passes unless its gateway account cannot cover it.
    for (const r of results) {
      if (r.command === 'reject' || r.status !== 409) expect(r.status).toBe(200);
      else expect(r.errorMessage).toBe(API_LEDGER_ERRORS.gatewayCannotCover);
    }
    const paid = results.filter((r) => r.command === 'approve' && r.status === 200);
    expect(paid.length).toBeGreaterThan(0);
    const totals = await ledgerTotals(db);
    expect(totals.unbalanced).toEqual([]);
    expect(compare(totals.debit, totals.credit)).toBe(0);
    // Every decided request has exactly one decision journal; a refused one none, and stays pending.
    for (const r of results) {
      const events = (await journalsOf(db, r.payout.id)).map((j) => j.eventType).sort();
      expect(events).toHaveLength(r.status === 200 ? 2 : 1);
      expect(events.at(-1)).toBe('PAYOUT_REQUESTED');
      const [row] = await db.select().from(transactions).where(eq(transactions.id, r.payout.id));
      expect(row?.status).toBe(
        r.status === 200 ? (r.command === 'approve' ? 'SUCCESS' : 'CANCELED') : 'PAY_OUT',
      );
    }
    // Each gateway account moved by its own postings, the approvals moved the accounts they paid
    // from, and none went below zero.
    const decided = await expectEachGatewayMovedByItsPostings();
    for (const gateway of new Set(paid.map((r) => r.payout.gatewayAccountId))) {
      expect(compare(decided.moves[gateway ?? ''] ?? '0', seeded.moves[gateway ?? ''] ?? '0')).toBe(-1);
    }
    for (const [gateway, balance] of await gatewayBalances(db)) {
      expect(compare(balance, '0'), gateway).toBeGreaterThanOrEqual(0);
    }
  });
});
