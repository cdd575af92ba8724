import * as v from 'valibot';
import { decimalSchema, isoDateSchema } from './common';
import { queryDate } from './fields';
import { MERCHANT_STATUSES } from './merchant';
import { API_ERRORS } from './messages';
import { TRANSACTION_STATUSES } from './transaction';

/**
 * `GET dashboard/summary` (ours; the spec names the Dashboard but no call). Everything is over
 * transaction_date within [from, to], whole days inclusive; the server picks the last 30 days when
 * either bound is missing. Money is summed per currency only: amounts in different currencies
 * are never added together. Needs uma_protection; the sections about merchants and payout requests
 * also need those screens' permissions and are null without them.
 */
export const dashboardQuerySchema = v.pipe(
  v.object({ from: queryDate('from'), to: queryDate('to') }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, API_ERRORS.dateRange),
);
export type DashboardQuery = v.InferOutput<typeof dashboardQuerySchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Money per currency, keyed by name_code ({ ETB: "1250.50", USD: "20" }). */
const volumesSchema = v.record(v.string(), decimalSchema);

export const dashboardCurrencySchema = v.object({
  currency: v.object({ name_code: v.string(), name: v.string(), decimal_places: count }),
  count,
  volume: decimalSchema,
  success_count: count,
  success_volume: decimalSchema,
});
export type DashboardCurrency = v.InferOutput<typeof dashboardCurrencySchema>;

export const dashboardSummarySchema = v.object({
  /** The range actually used (the server's defaults filled in). */
  from: isoDateSchema,
  to: isoDateSchema,
  /** One row per currency that has transactions in range. */
  currencies: v.array(dashboardCurrencySchema),
  /** Every status of TRANSACTION_STATUSES, zero counts included, in that order. */
  by_status: v.array(v.object({ status: v.picklist(TRANSACTION_STATUSES), count, volumes: volumesSchema })),
  /** One row per day and currency with transactions, by date then name_code. */
  daily: v.array(v.object({ date: isoDateSchema, currency: v.string(), count, volume: decimalSchema })),
  /**
   * PAY_OUT transactions waiting now, whatever the range. Null unless the caller also holds
   * view-transactions (the Payouts screen's permission): the server checks every permission.
   */
  pending_payouts: v.nullable(v.object({ count, volumes: volumesSchema })),
  /** Every merchant status with its count, zeros included. Null unless the caller holds view-merchant. */
  merchants_by_status: v.nullable(
    v.object(
      Object.fromEntries(MERCHANT_STATUSES.map((s) => [s, count])) as Record<
        (typeof MERCHANT_STATUSES)[number],
        typeof count
      >,
    ),
  ),
});
export type DashboardSummary = v.InferOutput<typeof dashboardSummarySchema>;

/**
 * `GET dashboard/waiting` (ours): what waits for staff now, the header bell's badge on every screen.
 * Each count is null unless the caller holds the permission of the screen it opens
 * (view-transactions for Payouts, view-merchant for Merchants); a caller with neither gets 403.
 */
export const waitingCountsSchema = v.object({
  /** PAY_OUT transactions: the Payouts screen's list. */
  pending_payouts: v.nullable(count),
  /** Merchants in PENDING_VERIFICATION: the Merchants list filtered to Pending Verification. */
  merchants_awaiting_verification: v.nullable(count),
  /**
   * Ours (decision 039): pending approval requests someone else made, of the kinds the caller could
   * decide (decide-approval and the action's own permission); null without decide-approval.
   */
  approvals_waiting: v.nullable(count),
});
export type WaitingCounts = v.InferOutput<typeof waitingCountsSchema>;
