/** The Dashboard summary (ours; spec §2). Texts follow docs/api.md. */
import { dashboardQuerySchema, dashboardSummarySchema } from '../dashboard';
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
} as const;
