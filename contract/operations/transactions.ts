/** Transactions (spec §7): list, CSV export (ours) and detail. Texts follow docs/api.md. */
import { PERMISSIONS } from '../permissions';
import {
  transactionDetailSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionPageSchema,
} from '../transaction';
import { defineOperation } from './define';

export const transactionOperations = {
  list: defineOperation({
    method: 'get',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'List transactions',
    description:
      '`status` and `types` are comma lists; `from`/`to` are whole UTC days, inclusive; search by `search_term` ' +
      '(reference, customer name or phone) or the exact `reference`, not both. `is_empty` is true when the scope ' +
      '(the merchant of `merchantId`, else the system) has no transactions at all. Newest first.',
    permission: PERMISSIONS.viewTransactions,
    query: transactionListQuerySchema,
    response: { data: transactionPageSchema },
  }),
  export: defineOperation({
    method: 'get',
    path: '/transactions/export',
    tag: 'Transactions',
    summary: 'Export transactions as CSV',
    description:
      'Every transaction the filters of `GET /transactions` select (`page` and `limit` are ignored), newest first, ' +
      'streamed as RFC 4180 CSV (CRLF lines, a header line) and sent as an attachment named ' +
      '`transactions-<day>.csv` or `transactions-<from>-to-<to>.csv`. Money is the exact decimal string; a cell ' +
      "starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` (CSV injection). Bad filters: 400 naming " +
      'the field, before any byte of CSV is sent.',
    permission: PERMISSIONS.viewTransactions,
    query: transactionExportQuerySchema,
    response: { contentType: 'text/csv', description: 'The CSV file, as an attachment.' },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/transactions/{id}',
    tag: 'Transactions',
    summary: 'Get a transaction',
    description:
      'One transaction, as in the list, with `decision`: who approved or rejected a payout request and when ' +
      "(null for any other transaction; `by` null when no person was recorded). The console's detail drawer.",
    permission: PERMISSIONS.viewTransactions,
    response: { data: transactionDetailSchema },
  }),
} as const;
