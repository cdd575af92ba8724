/** The Dashboard summary (ours; spec §2). Texts follow docs/api.md. */
import { dashboardQuerySchema, dashboardSummarySchema, waitingCountsSchema } from '../dashboard';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';

export const dashboardOperations = {
  summary: defineOperation({
    method: 'get',
    path: '/dashboard/summary',
    tag: 'Dashboard',
    summary: 'Dashboard summary',
    description:
      '`from`/`to` are whole UTC days, inclusive; by default the last 30 days. Sums per currency, never across ' +
      'currencies. The answer carries the range used. `pending_payouts` is null unless the caller also holds ' +
      '`view-transactions` on `transaction`, `merchants_by_status` null unless they hold `view-merchant` on `merchant`.',
    permission: PERMISSIONS.dashboard,
    query: dashboardQuerySchema,
    response: { data: dashboardSummarySchema },
  }),
  waiting: defineOperation({
    method: 'get',
    path: '/dashboard/waiting',
    tag: 'Dashboard',
    summary: 'What waits for staff',
    description:
      "The header bell's counts, asked on every screen: `pending_payouts` (PAY_OUT transactions, the Payouts " +
      'list) needs `view-transactions` on `transaction`, `merchants_awaiting_verification` (merchants in ' +
      'PENDING_VERIFICATION) needs `view-merchant` on `merchant`; each is null without its permission, and a ' +
      'caller holding neither gets 403. Needs no `uma_protection`: support and finance work these screens.',
    // No single permission: either screen's opens it, and the handler answers each count by its own.
    response: { data: waitingCountsSchema },
    errors: { 403: 'The caller holds neither `view-transactions` nor `view-merchant`.' },
  }),
} as const;
