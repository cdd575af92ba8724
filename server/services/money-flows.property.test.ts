/**
 * Issue 22's measured property, at a small size: after random payments, refunds, chargebacks and
 * their decisions (each either applied or refused as a whole), every journal balances, each
 * gateway balance equals its RECEIVE_CONTROL postings, and no payment gives back more than its
 * amount (refunds and lost chargebacks; with open ones, never more than it holds). Payments come
 * seeded as collections and from the platform (its fee and postings). The bench runs the same
 * check (server/test/money-invariants.ts) at 100,000 events: bench/api/money-flows-random.ts.
 */

import type { ApiClientPrincipal } from '@contract/api-client';
import { add, compare, sum } from '@contract/decimal';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { disputes, refunds, transactions } from '../db/schema';
import { ApiError } from '../http/envelope';
import { describeApi, insertMerchant } from '../test/api';
import { gatewayBalances, gatewayMovesAndPostings } from '../test/gateway-postings';
import { checkMoneyInvariants } from '../test/money-invariants';
import { createTestApiClient } from '../test/platform';
import { insertCollection, ledgerTotals } from '../test/transaction-fixtures';
import { decideDispute, openDispute } from './dispute';
import { createPayment, movePayment } from './payment-events';
import { createRefund } from './refund';

const STAFF = { id: '00000000-0000-4000-8000-0000000000f1', name: 'Property Tester', email: 'p@example.com' };
const DATE = new Date('2026-11-20T09:00:00Z');
const METHODS = [
  ['ETB', 'CBE'],
  ['USD', 'VISA'],
  ['ETB', 'TELEBIRR'],
] as const;

type Step =
  | { op: 'pay'; amount: string; method: number }
  | { op: 'platform'; amount: string; outcome: 'SUCCESS' | 'FAILED' }
  | { op: 'refund'; payment: number; amount: string }
  | { op: 'dispute'; payment: number; amount: string }
  | { op: 'decide'; dispute: number; decision: 'WON' | 'LOST' };

const money = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), amount: money, method: fc.nat(METHODS.length - 1) }),
  // The platform's payments (server/services/payment-events.ts): the TRANSACTION_FEE charge, posted
  // through the same service as refunds and chargebacks.
  fc.record({
    op: fc.constant('platform' as const),
    amount: money,
    outcome: fc.constantFrom('SUCCESS' as const, 'FAILED' as const),
  }),
  fc.record({ op: fc.constant('refund' as const), payment: fc.nat(20), amount: money }),
  fc.record({ op: fc.constant('dispute' as const), payment: fc.nat(20), amount: money }),
  fc.record({
    op: fc.constant('decide' as const),
    dispute: fc.nat(20),
    decision: fc.constantFrom('WON' as const, 'LOST' as const),
  }),
);

describeApi('Refunds and chargebacks, random sequences', (api) => {
  let opening: Map<string, string>;
  let counter = 0;
  const db = () => api.database.db;

  let platform: { client: ApiClientPrincipal; merchantId: string; gatewayId: string };

  beforeAll(async () => {
    opening = await gatewayBalances(db());
    const client = await createTestApiClient(db(), ['payments:write']);
    const method = api.catalog.paymentMethods.find((m) => m.code === 'CBE');
    const gateway = api.catalog.gatewayAccounts.find((g) => g.paymentMethodId === method?.id);
    if (!gateway) throw new Error('no CBE gateway account');
    platform = {
      client: { id: client.id, name: 'Test platform', scopes: ['payments:write'] },
      merchantId: await insertMerchant(api, { code: 'PROP-M', status: 'ACTIVE' }),
      gatewayId: gateway.id,
    };
  });

  /** Runs a step; a refusal must be a 4xx ApiError (the whole step rolled back), never anything else. */
  async function run(s: Step, payments: string[], opened: string[]) {
    const context = { now: api.clock() };
    try {
      if (s.op === 'pay') {
        const [currency, method] = METHODS[s.method] ?? METHODS[0];
        payments.push(
          await insertCollection(api, {
            ref: `PROP-${++counter}`,
            date: DATE,
            amount: s.amount,
            currency,
            method,
          }),
        );
      } else if (s.op === 'platform') {
        const id = await db().transaction(async (tx) => {
          const created = await createPayment(
            tx,
            {
              reference: `PROP-P-${++counter}`,
              merchant_id: platform.merchantId,
              gateway_account_id: platform.gatewayId,
              amount: s.amount,
              currency: 'ETB',
              customer: { first_name: '', last_name: '', phone_number: '' },
            },
            platform.client,
            context.now,
          );
          return (await movePayment(tx, created.id, s.outcome, context.now)).id;
        });
        if (s.outcome === 'SUCCESS') payments.push(id);
      } else if (s.op === 'refund') {
        const payment = payments[s.payment % Math.max(payments.length, 1)];
        if (payment)
          await createRefund(db(), { paymentId: payment, amount: s.amount, reason: 'p' }, STAFF, context);
      } else if (s.op === 'dispute') {
        const payment = payments[s.payment % Math.max(payments.length, 1)];
        if (!payment) return;
        const d = await openDispute(
          db(),
          { paymentId: payment, amount: s.amount, reason: 'p', responseDue: '2026-12-31' },
          { kind: 'staff', actor: STAFF },
          context,
        );
        opened.push(d.id);
      } else {
        const id = opened[s.dispute % Math.max(opened.length, 1)];
        if (id) await decideDispute(db(), { id, decision: s.decision, notes: 'p' }, STAFF, context);
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
    }
  }

  it('every journal balances, gateways equal their postings, no payment gives back more than its amount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        const payments: string[] = [];
        const opened: string[] = [];
        for (const s of steps) await run(s, payments, opened);

        // The bench's check (bench/api/money-flows-random.ts), in SQL.
        const invariants = await checkMoneyInvariants(db(), opening);
        expect(invariants).toMatchObject({
          unbalancedJournals: [],
          gatewayMismatches: [],
          overRefunded: [],
          overHeld: [],
        });
        const totals = await ledgerTotals(db());
        expect(totals.unbalanced).toEqual([]);
        expect(compare(totals.debit, totals.credit)).toBe(0);
        const { moves, postings } = await gatewayMovesAndPostings(db(), opening);
        expect(moves).toEqual(postings);

        for (const id of payments) {
          const [payment] = await db().select().from(transactions).where(eq(transactions.id, id));
          const refunded = sum(
            (await db().select().from(refunds).where(eq(refunds.paymentId, id))).map((r) => r.amount),
          );
          const held = await db().select().from(disputes).where(eq(disputes.paymentId, id));
          const lost = sum(held.filter((d) => d.status === 'LOST').map((d) => d.amount));
          const open = sum(held.filter((d) => d.status === 'OPEN').map((d) => d.amount));
          expect(compare(add(refunded, lost), payment?.amount ?? '0')).toBeLessThanOrEqual(0);
          expect(compare(add(add(refunded, lost), open), payment?.amount ?? '0')).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 8, seed: 22 },
    );
  }, 120_000);
});
