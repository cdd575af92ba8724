import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { transactionDetailSchema, transactionPageSchema } from '@contract/transaction';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf, totalOf } from './helpers';

const NOT_FOUND = API_ERRORS.notFound('Transaction');
const PAYOUT = 'payout/transactions/{transaction:pay-out}';
const finance = { id: '{user:finance}', name: 'Dawit Haile' };

type Row = { id: string; status: string; type: string; transaction_date: string };

// No demo user lacks view-transactions: a signed-in user holding nothing stands in for the 403.
const cases: ConformanceCase[] = [
  // GET transactions
  ...refusals({ method: 'GET', path: 'transactions' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { status: 'lost' } },
    expect: {
      status: 400,
      message:
        'status: status must be a comma-separated list of success, pending, checked-out, failed, canceled, pay-out',
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { from: '2026-13-01' } },
    expect: { status: 400, message: `from: ${API_ERRORS.queryDate('from')}` },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { from: '2026-11-21', to: '2026-11-01' } },
    expect: { status: 400, message: API_ERRORS.dateRange },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { search_term: 'TXN', reference: 'TXN-1' } },
    expect: { status: 400, message: API_ERRORS.searchBy },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { merchantId: 'nope' } },
    expect: { status: 400, message: `merchantId: ${API_ERRORS.queryUuid('merchantId')}` },
  },
  {
    name: 'every status and type by default, newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'transactions', query: { page: '1', limit: '20' } },
    expect: {
      status: 200,
      data: transactionPageSchema,
      match: { is_empty: false },
      check: (data) => {
        const total = totalOf(data);
        expect((data as { total_pages: number }).total_pages).toBe(Math.ceil(total / 20));
        const dates = rowsOf<Row>(data).map((t) => t.transaction_date);
        expect(dates).toEqual([...dates].sort().reverse());
      },
    },
  },
  {
    name: 'a comma list of statuses, any case of types',
    role: 'finance',
    request: {
      method: 'GET',
      path: 'transactions',
      query: { status: 'failed,success', types: 'payment,refund', limit: '100' },
    },
    expect: {
      status: 200,
      data: transactionPageSchema,
      check: (data) => {
        const rows = rowsOf<Row>(data);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.filter((t) => !['FAILED', 'SUCCESS'].includes(t.status))).toEqual([]);
        expect(rows.filter((t) => !['PAYMENT', 'REFUND'].includes(t.type))).toEqual([]);
      },
    },
  },
  {
    name: 'a search that finds nothing: no rows, but the list is not empty',
    role: 'admin',
    request: { method: 'GET', path: 'transactions', query: { search_term: 'nothing-like-this' } },
    expect: { status: 200, data: transactionPageSchema, match: { contents: [], total: 0, is_empty: false } },
  },

  // GET transactions/{id}
  ...refusals({ method: 'GET', path: 'transactions/{transaction:success/PAYMENT}' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `transactions/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'a payment has no payout decision; the detail is the list row and the decision',
    role: 'finance',
    request: { method: 'GET', path: 'transactions/{transaction:success/PAYMENT}' },
    expect: {
      status: 200,
      data: transactionDetailSchema,
      match: { id: '{transaction:success/PAYMENT}', status: 'SUCCESS', type: 'PAYMENT', decision: null },
      check: async (data, context) => {
        const list = await context.get('transactions?limit=1&status=success&types=PAYMENT');
        expect(data).toEqual({ ...rowsOf(list)[0], decision: null });
      },
    },
  },

  // GET transactions/export: the list's filters, every row as CSV
  ...refusals({ method: 'GET', path: 'transactions/export' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions/export', query: { from: '2026-13-01' } },
    expect: { status: 400, message: `from: ${API_ERRORS.queryDate('from')}` },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'transactions/export', query: { from: '2026-11-21', to: '2026-11-01' } },
    expect: { status: 400, message: API_ERRORS.dateRange },
  },
  {
    name: 'every row the filters select, paging ignored',
    role: 'support',
    request: {
      method: 'GET',
      path: 'transactions/export',
      query: { status: 'failed', page: '2', limit: '1', from: '2000-01-01' },
    },
    expect: {
      status: 200,
      contentType: 'text/csv; charset=utf-8; header=present',
      text: async (text, headers, context) => {
        // Up to the server's today.
        expect(headers.get('content-disposition')).toMatch(
          /^attachment; filename="transactions-2000-01-01-to-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''transactions-2000-01-01-to-\1\.csv$/,
        );
        const lines = text.split('\r\n');
        expect(lines[0]?.startsWith('Transaction ID,Date (UTC),Reference,')).toBe(true);
        expect(lines.at(-1)).toBe('');
        const list = await context.get('transactions?status=failed&limit=100');
        expect(totalOf(list)).toBeGreaterThan(1);
        expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(
          rowsOf<Row>(list).map((t) => t.id),
        );
      },
    },
  },

  // POST payout/transactions/{id}?command=approve|reject: change-payout-status, which support lacks
  ...refusals({ method: 'POST', path: PAYOUT, query: { command: 'reject' } }, 'support'),
  {
    role: 'finance',
    request: { method: 'POST', path: 'payout/transactions/nope', query: { command: 'reject' } },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'finance',
    request: { method: 'POST', path: PAYOUT, query: { command: 'cancel' } },
    expect: { status: 400, message: `command: ${API_ERRORS.queryEnum('command', ['approve', 'reject'])}` },
  },
  {
    role: 'finance',
    request: { method: 'POST', path: `payout/transactions/${UNKNOWN_ID}`, query: { command: 'reject' } },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'no decision yet',
    role: 'admin',
    request: { method: 'GET', path: 'transactions/{transaction:pay-out}' },
    expect: { status: 200, data: transactionDetailSchema, match: { status: 'PAY_OUT', decision: null } },
  },
  {
    name: 'rejected: CANCELED, and who decided',
    role: 'finance',
    request: { method: 'POST', path: PAYOUT, query: { command: 'reject' } },
    expect: {
      status: 200,
      data: transactionDetailSchema,
      match: { id: '{transaction:pay-out}', status: 'CANCELED', decision: { by: finance } },
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: PAYOUT, query: { command: 'approve' } },
    expect: { status: 409, message: API_ERRORS.payoutNotPending },
  },
  {
    name: 'the detail names the decision',
    role: 'support',
    request: { method: 'GET', path: 'transactions/{transaction:pay-out}' },
    expect: {
      status: 200,
      data: transactionDetailSchema,
      match: { status: 'CANCELED', decision: { by: finance } },
    },
  },
  {
    name: 'approved: SUCCESS',
    role: { permissions: [PERMISSIONS.changePayoutStatus] },
    request: {
      method: 'POST',
      path: 'payout/transactions/{transaction:pay-out@2}',
      query: { command: 'approve' },
    },
    expect: {
      status: 200,
      data: transactionDetailSchema,
      match: { id: '{transaction:pay-out@2}', status: 'SUCCESS' },
    },
  },
  {
    name: 'a payment is no payout request',
    role: 'finance',
    request: {
      method: 'POST',
      path: 'payout/transactions/{transaction:success/PAYMENT}',
      query: { command: 'approve' },
    },
    expect: { status: 409, message: API_ERRORS.payoutNotPending },
  },
];

export const transactionCases: ResourceCases = { resource: 'transactions', cases };
