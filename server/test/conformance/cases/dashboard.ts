import { dashboardSummarySchema, waitingCountsSchema } from '@contract/dashboard';
import { API_ERRORS } from '@contract/messages';
import { dashboardOperations } from '@contract/operations/dashboard';
import { PERMISSIONS } from '@contract/permissions';
import { TRANSACTION_STATUSES, transactionDetailSchema } from '@contract/transaction';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusalCases } from './helpers';
import { fails, ok, table } from './table';

type Summary = {
  currencies: { count: number }[];
  by_status: { status: string; count: number }[];
  daily: { count: number }[];
  pending_payouts: unknown;
  merchants_by_status: unknown;
};

const SUMMARY = 'dashboard/summary';
const WAITING = 'dashboard/waiting';
type Waiting = { pending_payouts: number | null; merchants_awaiting_verification: number | null };

/** The pending payout counts before a decision, for the cases after it (cases run in order). */
let pendingBefore = 0;
let waitingBefore = 0;
const pendingCount = (data: unknown) =>
  (data as { pending_payouts: { count: number } }).pending_payouts.count;

const cases: ConformanceCase[] = [
  // dashboard (uma_protection): neither support nor finance holds it
  ...refusalCases(dashboardOperations.summary, { refused: 'support' }),
  ...table([
    [`finance GET ${SUMMARY}`, fails(403, API_ERRORS.forbidden)],
    [`admin GET ${SUMMARY}?from=2026-11-21&to=2026-11-01`, fails(400, API_ERRORS.dateRange)],
    [`admin GET ${SUMMARY}?to=21/11/2026`, fails(400, `to: ${API_ERRORS.queryDate('to')}`)],
    [
      `admin GET ${SUMMARY}`,
      ok(dashboardSummarySchema, { from: '2026-10-23', to: '2026-11-21' }, (data) => {
        const summary = data as Summary;
        expect(summary.by_status.map((s) => s.status)).toEqual([...TRANSACTION_STATUSES]);
        const count = summary.currencies.reduce((n, c) => n + c.count, 0);
        expect(count).toBeGreaterThan(0);
        expect(summary.by_status.reduce((n, s) => n + s.count, 0)).toBe(count);
        expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(count);
        expect(summary.pending_payouts).not.toBeNull();
        expect(summary.merchants_by_status).not.toBeNull();
      }),
      { name: 'the 30 days up to today by default; every status in order; the counts agree' },
    ],
    [
      `admin GET ${SUMMARY}?from=2020-01-01&to=2020-01-01`,
      ok(dashboardSummarySchema, null, (data) => {
        pendingBefore = pendingCount(data);
        expect(pendingBefore).toBeGreaterThan(0);
      }),
      { name: 'pending payouts, whatever the range' },
    ],
    [
      `admin GET ${WAITING}`,
      ok(waitingCountsSchema, null, async (data, context) => {
        const summary = (await context.get(SUMMARY)) as {
          pending_payouts: { count: number };
          merchants_by_status: Record<string, number>;
        };
        waitingBefore = (data as Waiting).pending_payouts ?? -1;
        expect(data).toEqual({
          pending_payouts: summary.pending_payouts.count,
          merchants_awaiting_verification: summary.merchants_by_status.PENDING_VERIFICATION,
          // Nobody has asked for an approval yet (decision 039).
          approvals_waiting: 0,
        });
        expect(waitingBefore).toBeGreaterThan(0);
      }),
      { name: "the bell's counts: the summary's pending payouts and merchants in Pending Verification" },
    ],
    [
      'finance POST payout/transactions/{transaction:pay-out}?command=reject',
      ok(transactionDetailSchema, { status: 'CANCELED' }),
    ],
    [
      `admin GET ${SUMMARY}`,
      ok(dashboardSummarySchema, null, (data) => expect(pendingCount(data)).toBe(pendingBefore - 1)),
      { name: 'a decided payout is no longer pending' },
    ],
    [
      `admin GET ${WAITING}`,
      ok(waitingCountsSchema, null, (data) =>
        expect((data as Waiting).pending_payouts).toBe(waitingBefore - 1),
      ),
      { name: "a decided payout leaves the bell's count" },
    ],
    [
      `admin GET ${SUMMARY}?from=2020-01-01&to=2020-01-31`,
      ok(
        dashboardSummarySchema,
        { from: '2020-01-01', to: '2020-01-31', currencies: [], daily: [] },
        (data) => expect((data as Summary).by_status.every((s) => s.count === 0)).toBe(true),
      ),
      { name: 'a range with nothing in it' },
    ],
    [
      `GET ${SUMMARY}`,
      ok(dashboardSummarySchema, null, async (data, context) =>
        expect(data).toEqual({
          ...((await context.get(SUMMARY)) as object),
          pending_payouts: null,
          merchants_by_status: null,
        }),
      ),
      {
        name: 'pending payouts need view-transactions, merchants view-merchant; the rest is the same',
        as: { permissions: [PERMISSIONS.dashboard] },
      },
    ],
    [
      `GET ${SUMMARY}`,
      ok(dashboardSummarySchema, { merchants_by_status: null }, (data) =>
        expect((data as Summary).pending_payouts).not.toBeNull(),
      ),
      { as: { permissions: [PERMISSIONS.dashboard, PERMISSIONS.viewTransactions] } },
    ],
    [
      `GET ${SUMMARY}`,
      ok(dashboardSummarySchema, { pending_payouts: null }, (data) =>
        expect((data as Summary).merchants_by_status).not.toBeNull(),
      ),
      { as: { permissions: [PERMISSIONS.dashboard, PERMISSIONS.viewMerchant] } },
    ],
    // GET dashboard/waiting: each count with its screen's permission, no uma_protection needed
    [
      `support GET ${WAITING}`,
      ok(waitingCountsSchema, null, (data) => {
        expect((data as Waiting).pending_payouts).toBeGreaterThan(0);
        expect((data as Waiting).merchants_awaiting_verification).toBeGreaterThan(0);
      }),
    ],
    [
      `finance GET ${WAITING}`,
      ok(waitingCountsSchema, { merchants_awaiting_verification: null }, (data) =>
        expect((data as Waiting).pending_payouts).toBeGreaterThan(0),
      ),
      { name: 'no merchant count without view-merchant' },
    ],
    [
      `GET ${WAITING}`,
      ok(waitingCountsSchema, { pending_payouts: null }, (data) =>
        expect((data as Waiting).merchants_awaiting_verification).toBeGreaterThan(0),
      ),
      { name: 'no payout count without view-transactions', as: { permissions: [PERMISSIONS.viewMerchant] } },
    ],
  ]),
  ...refusalCases(dashboardOperations.waiting, { refused: { permissions: [PERMISSIONS.dashboard] } }),
];

export const dashboardCases: ResourceCases = { resource: 'dashboard', cases };
