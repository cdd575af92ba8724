/**
 * A property of the books (issue 23): after any sequence of manual journals, reversals, closings
 * and reopenings (some refused), every report balances, and the trial balance equals the sum of
 * the GL account statements. Small runs: each step is a database transaction.
 */
import { compare, sub, sum } from '@contract/decimal';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { balanceSheet, glAccountStatement, incomeStatement, trialBalance } from '../db/queries/reports';
import { accountingPeriods } from '../db/schema';
import { ApiError } from '../http/envelope';
import { describeApi } from '../test/api';
import { closePeriod, reopenPeriod } from './accounting-period';
import { createManualJournal, reverseJournal } from './manual-journal';

const ACTOR = { id: '00000000-0000-4000-8000-0000000000e5', name: 'Property Tester', email: 'p@example.com' };
const NOW = new Date('2026-11-21T12:00:00Z');
const MONTHS = ['2026-08', '2026-09', '2026-10'] as const;
const MANUAL = ['Settlement Bank Accounts', 'Owner Equity', 'Bank Charges Expense', 'Transfers in Suspense'];

type Step =
  | {
      kind: 'journal';
      currency: number;
      date: string;
      lines: { account: number; debit: boolean; cents: number }[];
    }
  | { kind: 'reverse'; pick: number }
  | { kind: 'close'; month: number }
  | { kind: 'reopen'; month: number };

const dateArb = fc
  .tuple(fc.constantFrom(...MONTHS), fc.integer({ min: 1, max: 28 }))
  .map(([m, d]) => `${m}-${String(d).padStart(2, '0')}`);

/** Balanced lines: random debits, then credits spread to equal them. */
const linesArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 500_00 })), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((debits) =>
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }).map((creditAccounts) => {
      const total = debits.reduce((s, [, c]) => s + c, 0);
      const credits = creditAccounts.map((account, i) => {
        const share = i === creditAccounts.length - 1 ? 0 : Math.floor(total / creditAccounts.length);
        return { account, share };
      });
      const last = total - credits.reduce((s, c) => s + c.share, 0);
      return [
        ...debits.map(([account, cents]) => ({ account, debit: true, cents })),
        ...credits.map((c, i) => ({
          account: c.account,
          debit: false,
          cents: i === credits.length - 1 ? last : c.share,
        })),
      ].filter((l) => l.cents > 0);
    }),
  );

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('journal' as const),
      currency: fc.integer({ min: 0, max: 1 }),
      date: dateArb,
      lines: linesArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('close' as const), month: fc.integer({ min: 0, max: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reopen' as const), month: fc.integer({ min: 0, max: 2 }) }),
  },
);

const cents = (n: number) => (n / 100).toFixed(2);

describeApi('books property', (api) => {
  it('after random journals, reversals and closings every report balances and the trial balance is the statements’ sum', async () => {
    const db = api.database.db;
    const accounts = MANUAL.map((name) => {
      const found = api.catalog.glAccounts.find((g) => g.name === name);
      if (!found) throw new Error(name);
      return found.id;
    });
    const currencies = ['ETB', 'USD'].map(
      (code) => api.catalog.currencies.find((c) => c.nameCode === code)?.id ?? '',
    );
    const posted: string[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const step of steps) {
          try {
            if (step.kind === 'journal') {
              if (
                step.lines.filter((l) => l.debit).length === 0 ||
                step.lines.filter((l) => !l.debit).length === 0
              )
                continue;
              const id = await createManualJournal(
                db,
                {
                  currency_id: currencies[step.currency] ?? '',
                  entry_date: step.date,
                  narration: 'Property',
                  reference: null,
                  lines: step.lines.map((l) => ({
                    gl_account_id: accounts[l.account] ?? '',
                    entry_type: l.debit ? 'DEBIT' : 'CREDIT',
                    amount: cents(l.cents),
                  })),
                },
                ACTOR,
                { now: NOW },
              );
              posted.push(id);
            } else if (step.kind === 'reverse' && posted.length > 0) {
              const id = posted[step.pick % posted.length] ?? '';
              posted.push(
                await reverseJournal(db, { journal_id: id, reason: 'Property', entry_date: null }, ACTOR, {
                  now: NOW,
                }),
              );
            } else if (step.kind === 'close') {
              await closePeriod(db, { month: MONTHS[step.month] ?? '2026-08' }, ACTOR, { now: NOW });
            } else if (step.kind === 'reopen') {
              await reopenPeriod(db, { month: MONTHS[step.month] ?? '2026-08', reason: 'Property' }, ACTOR, {
                now: NOW,
              });
            }
          } catch (error) {
            // Refusals by rule (closed month, already reversed, not closed) are part of the property.
            if (!(error instanceof ApiError) || error.status !== 409) throw error;
          }
        }

        const asOf = '2026-11-21';
        const tb = await trialBalance(db, asOf);
        for (const c of tb.currencies) expect(compare(c.debit_total, c.credit_total)).toBe(0);
        const bs = await balanceSheet(db, asOf);
        for (const c of bs.currencies) expect(c.balanced).toBe(true);
        const is = await incomeStatement(db, '2000-01-01', asOf);
        for (const c of is.currencies) {
          const sheet = bs.currencies.find((b) => b.currency?.id === c.currency?.id);
          expect(compare(c.net_income, sheet?.current_earnings ?? '0')).toBe(0);
        }
        // The trial balance of each account is its statement's closing balance (debit minus credit).
        for (const c of tb.currencies) {
          if (!c.currency) continue;
          for (const a of c.accounts) {
            if (!accounts.includes(a.gl_account.id)) continue;
            const statement = await glAccountStatement(db, {
              glAccount: a.gl_account,
              currency: c.currency,
              from: '2026-08-01',
              to: asOf,
              page: 1,
              limit: 100,
            });
            const lines = statement.lines.contents.map((l) =>
              l.entry_type === 'DEBIT' ? l.amount : `-${l.amount}`,
            );
            expect(compare(statement.closing_balance, sub(a.debit, a.credit))).toBe(0);
            if (statement.lines.total <= 100) {
              expect(compare(sum([statement.opening_balance, ...lines]), statement.closing_balance)).toBe(0);
            }
          }
        }
        // Leave every month open for the next run.
        await db.update(accountingPeriods).set({ status: 'OPEN' });
      }),
      { numRuns: 6 },
    );
  });
});
