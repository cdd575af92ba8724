/**
 * A property of the platform's payment events (issue 22): after any sequence of payments moved
 * along the state machine, impossible moves, payout requests and staff decisions, every journal
 * balances, each gateway account's balance moved exactly by its own postings, and each payment has
 * a PAYMENT_RECEIVED journal exactly when it succeeded. Small here (in `npm test`); the bench
 * (bench/api/ingest.ts) drives the same services at volume.
 */
import { compare } from '@contract/decimal';
import { canMovePayment, PAYMENT_TARGET_STATUSES, type PaymentTargetStatus } from '@contract/payment';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { gatewayAccounts, journals, merchants, transactions } from '../db/schema';
import { seedDatabase } from '../db/seed/seed';
import { ApiError } from '../http/envelope';
import { describeOnDatabases } from '../test/db';
import { gatewayBalances, gatewayMovesAndPostings } from '../test/gateway-postings';
import { createTestApiClient } from '../test/platform';
import { ledgerTotals } from '../test/transaction-fixtures';
import { createPayment, movePayment, requestPayout } from './payment-events';
import { decidePayout } from './payout-decision';

const NOW = new Date('2026-11-21T12:00:00Z');
const STAFF = { id: '00000000-0000-4000-8000-000000000001', name: 'Property Checker' };

type Step =
  | { kind: 'pay'; amount: string; gateway: number; currency: 'ETB' | 'USD'; moves: PaymentTargetStatus[] }
  | { kind: 'payout'; amount: string; gateway: number; decision: 'approve' | 'reject' | null };

const amount = fc
  .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 99 }))
  .filter(([whole, cents]) => whole + cents > 0)
  .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    amount,
    gateway: fc.nat(),
    currency: fc.constantFrom('ETB' as const, 'USD' as const),
    // Any moves, possible or not: the impossible ones must be refused and change nothing.
    moves: fc.array(fc.constantFrom(...PAYMENT_TARGET_STATUSES), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('payout' as const),
    amount,
    gateway: fc.nat(),
    decision: fc.constantFrom('approve' as const, 'reject' as const, null),
  }),
);

describeOnDatabases('payment events keep the books', (database) => {
  let gateways: string[];
  let merchantId: string;
  let opening: Map<string, string>;
  let serial = 0;

  beforeAll(async () => {
    await seedDatabase(database.db, { merchants: 1, now: NOW, users: false });
    const active = await database.db
      .select({ id: gatewayAccounts.id })
      .from(gatewayAccounts)
      .where(eq(gatewayAccounts.status, 'ACTIVE'));
    gateways = active.map((g) => g.id);
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).limit(1);
    if (!merchant) throw new Error('no merchant');
    merchantId = merchant.id;
    opening = await gatewayBalances(database.db);
  });

  it('every journal balances, each gateway balance equals its postings, SUCCESS alone posts a payment', async () => {
    const db = database.db;
    const client = await createTestApiClient(db);
    const principal = {
      id: client.id,
      name: 'Test platform',
      scopes: ['payments:write', 'payouts:write'] as const,
    };
    const payments: string[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) {
          const gateway = gateways[s.gateway % gateways.length];
          if (!gateway) throw new Error('no active gateway account');
          const body = {
            reference: `PROP-${++serial}`,
            merchant_id: merchantId,
            gateway_account_id: gateway,
            amount: s.amount,
            currency: s.kind === 'pay' ? s.currency : 'ETB',
            customer: { first_name: null, last_name: null, phone_number: null },
          };
          if (s.kind === 'pay') {
            const payment = await db.transaction((tx) => createPayment(tx, body, principal, NOW));
            payments.push(payment.id);
            let status = payment.status;
            for (const to of s.moves) {
              try {
                const moved = await db.transaction((tx) => movePayment(tx, payment.id, to, NOW));
                expect(canMovePayment(status, to)).toBe(true);
                status = moved.status;
              } catch (error) {
                if (!(error instanceof ApiError) || error.status !== 409) throw error;
                expect(canMovePayment(status, to)).toBe(false);
              }
            }
          } else {
            const payout = await db.transaction((tx) => requestPayout(tx, body, principal, NOW));
            if (s.decision) {
              // An approval the gateway cannot cover is refused (409) with nothing written.
              await decidePayout(db, payout.id, s.decision, NOW, STAFF).catch((error: unknown) => {
                if (!(error instanceof ApiError) || error.status !== 409) throw error;
              });
            }
          }
        }

        const totals = await ledgerTotals(db);
        expect(totals.unbalanced).toEqual([]);
        expect(totals.debit).toBe(totals.credit);
        const books = await gatewayMovesAndPostings(db, opening);
        expect(books.unattributedLines).toBe(0);
        for (const [id, moved] of Object.entries(books.moves)) {
          expect(compare(moved, books.postings[id] ?? '0'), `gateway ${id}`).toBe(0);
        }
        const rows = await db
          .select({ id: transactions.id, status: transactions.status })
          .from(transactions)
          .where(inArray(transactions.id, payments));
        const posted = await db
          .select({ transactionId: journals.transactionId })
          .from(journals)
          .where(eq(journals.eventType, 'PAYMENT_RECEIVED'));
        const postedIds = posted.map((j) => j.transactionId);
        for (const row of rows) {
          expect(postedIds.filter((id) => id === row.id).length, `${row.id} ${row.status}`).toBe(
            row.status === 'SUCCESS' ? 1 : 0,
          );
        }
      }),
      { numRuns: 8, seed: 22 },
    );
  });
});
