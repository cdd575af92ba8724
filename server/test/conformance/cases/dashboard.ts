import { dashboardSummarySchema } from '@contract/dashboard';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { TRANSACTION_STATUSES, transactionDetailSchema } from '@contract/transaction';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusals } from './helpers';

type Summary = {
  currencies: { count: number }[];
  by_status: { status: string; count: number }[];
  daily: { count: number }[];
  pending_payouts: unknown;
  merchants_by_status: unknown;
};

const SUMMARY = 'dashboard/summary';

/** The pending payout count before a decision, for the case after it (cases run in order). */
let pendingBefore = 0;
const pendingCount = (data: unknown) =>
  (data as { pending_payouts: { count: number } }).pending_payouts.count;

const cases: ConformanceCase[] = [
  // dashboard (uma_protection): neither support nor finance holds it
  ...refusals({ method: 'GET', path: SUMMARY }, 'support'),
  {
    role: 'finance',
    request: { method: 'GET', path: SUMMARY },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: SUMMARY, query: { from: '2026-11-21', to: '2026-11-01' } },
    expect: { status: 400, message: API_ERRORS.dateRange },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: SUMMARY, query: { to: '21/11/2026' } },
    expect: { status: 400, message: `to: ${API_ERRORS.queryDate('to')}` },
  },
  {
    name: 'the 30 days up to today by default; every status in order; the counts agree',
    role: 'admin',
    request: { method: 'GET', path: SUMMARY },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      match: { from: '2026-10-23', to: '2026-11-21' },
      check: (data) => {
        const summary = data as Summary;
        expect(summary.by_status.map((s) => s.status)).toEqual([...TRANSACTION_STATUSES]);
        const count = summary.currencies.reduce((n, c) => n + c.count, 0);
        expect(count).toBeGreaterThan(0);
        expect(summary.by_status.reduce((n, s) => n + s.count, 0)).toBe(count);
        expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(count);
        expect(summary.pending_payouts).not.toBeNull();
        expect(summary.merchants_by_status).not.toBeNull();
      },
    },
  },
  {
    name: 'pending payouts, whatever the range',
    role: 'admin',
    request: { method: 'GET', path: SUMMARY, query: { from: '2020-01-01', to: '2020-01-01' } },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      check: (data) => {
        pendingBefore = pendingCount(data);
        expect(pendingBefore).toBeGreaterThan(0);
      },
    },
  },
  {
    role: 'finance',
    request: {
      method: 'POST',
      path: 'payout/transactions/{transaction:pay-out}',
      query: { command: 'reject' },
    },
    expect: { status: 200, data: transactionDetailSchema, match: { status: 'CANCELED' } },
  },
  {
    name: 'a decided payout is no longer pending',
    role: 'admin',
    request: { method: 'GET', path: SUMMARY },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      check: (data) => expect(pendingCount(data)).toBe(pendingBefore - 1),
    },
  },
  {
    name: 'a range with nothing in it',
    role: 'admin',
    request: { method: 'GET', path: SUMMARY, query: { from: '2020-01-01', to: '2020-01-31' } },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      match: { from: '2020-01-01', to: '2020-01-31', currencies: [], daily: [] },
      check: (data) => expect((data as Summary).by_status.every((s) => s.count === 0)).toBe(true),
    },
  },
  {
    name: 'pending payouts need view-transactions, merchants view-merchant; the rest is the same',
    role: { permissions: [PERMISSIONS.dashboard] },
    request: { method: 'GET', path: SUMMARY },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      check: async (data, context) =>
        expect(data).toEqual({
          ...((await context.get(SUMMARY)) as object),
          pending_payouts: null,
          merchants_by_status: null,
        }),
    },
  },
  {
    role: { permissions: [PERMISSIONS.dashboard, PERMISSIONS.viewTransactions] },
    request: { method: 'GET', path: SUMMARY },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      match: { merchants_by_status: null },
      check: (data) => expect((data as Summary).pending_payouts).not.toBeNull(),
    },
  },
  {
    role: { permissions: [PERMISSIONS.dashboard, PERMISSIONS.viewMerchant] },
    request: { method: 'GET', path: SUMMARY },
    expect: {
      status: 200,
      data: dashboardSummarySchema,
      match: { pending_payouts: null },
      check: (data) => expect((data as Summary).merchants_by_status).not.toBeNull(),
    },
  },
];

export const dashboardCases: ResourceCases = { resource: 'dashboard', cases };
