import { compare } from '@contract/decimal';
import { sortValues, TRANSACTION_SORT_KEYS } from '@contract/list-sort';
import { API_ERRORS } from '@contract/messages';
import { transactionOperations } from '@contract/operations/transactions';
import { PERMISSIONS } from '@contract/permissions';
import { transactionDetailSchema, transactionPageSchema } from '@contract/transaction';
import { AMOUNT_RANGE_MESSAGE } from '@contract/transaction-list-filters';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { listCases, malformedIdCases, refusalCases, refusals, unknownIdCases } from './helpers';
import { fails, ID_NOT_UUID, ok, rowsOf, table, totalOf } from './table';

const NOT_FOUND = API_ERRORS.notFound('Transaction');
const PAYOUT = 'payout/transactions/{transaction:pay-out}';
const finance = { id: '{user:finance}', name: 'Dawit Haile' };

type Row = { id: string; status: string; type: string; transaction_date: string };

// No demo user lacks view-transactions: a signed-in user holding nothing stands in for the 403.
const cases: ConformanceCase[] = [
  // GET transactions
  ...listCases(transactionOperations.list, { refused: 'nobody' }),
  ...table([
    [
      'admin GET transactions?status=lost',
      {
        status: 400,
        message:
          'status: status must be a comma-separated list of success, pending, checked-out, failed, canceled, pay-out',
      },
    ],
    ['admin GET transactions?from=2026-13-01', fails(400, `from: ${API_ERRORS.queryDate('from')}`)],
    ['admin GET transactions?from=2026-11-21&to=2026-11-01', fails(400, API_ERRORS.dateRange)],
    ['admin GET transactions?search_term=TXN&reference=TXN-1', fails(400, API_ERRORS.searchBy)],
    // Issue 24: the sort allow-list and the amount range.
    [
      'admin GET transactions?sort=fee.desc',
      fails(400, `sort: ${API_ERRORS.queryEnum('sort', sortValues(TRANSACTION_SORT_KEYS))}`),
    ],
    ['admin GET transactions?amount_min=10&amount_max=5', fails(400, AMOUNT_RANGE_MESSAGE)],
    [
      'admin GET transactions?sort=amount.desc&limit=100',
      ok(transactionPageSchema, null, (data) => {
        const amounts = rowsOf<{ amount: string }>(data).map((t) => t.amount);
        expect(amounts.length).toBeGreaterThan(1);
        for (let i = 1; i < amounts.length; i++)
          expect(compare(amounts[i - 1] ?? '0', amounts[i] ?? '0')).toBeGreaterThanOrEqual(0);
      }),
    ],
    [
      'admin GET transactions?merchantId=nope',
      fails(400, `merchantId: ${API_ERRORS.queryUuid('merchantId')}`),
    ],
    [
      'support GET transactions?page=1&limit=20',
      ok(transactionPageSchema, { is_empty: false }, (data) => {
        const total = totalOf(data);
        expect((data as { total_pages: number }).total_pages).toBe(Math.ceil(total / 20));
        const dates = rowsOf<Row>(data).map((t) => t.transaction_date);
        expect(dates).toEqual([...dates].sort().reverse());
      }),
      { name: 'every status and type by default, newest first, paged' },
    ],
    [
      'finance GET transactions?status=failed,success&types=payment,refund&limit=100',
      ok(transactionPageSchema, null, (data) => {
        const rows = rowsOf<Row>(data);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.filter((t) => !['FAILED', 'SUCCESS'].includes(t.status))).toEqual([]);
        expect(rows.filter((t) => !['PAYMENT', 'REFUND'].includes(t.type))).toEqual([]);
      }),
      { name: 'a comma list of statuses, any case of types' },
    ],
    [
      'admin GET transactions?search_term=nothing-like-this',
      ok(transactionPageSchema, { contents: [], total: 0, is_empty: false }),
      { name: 'a search that finds nothing: no rows, but the list is not empty' },
    ],
  ]),

  // GET transactions/{id}
  ...refusals({ method: 'GET', path: 'transactions/{transaction:success/PAYMENT}' }, 'nobody'),
  ...malformedIdCases(transactionOperations.detail),
  ...unknownIdCases(transactionOperations.detail, { message: NOT_FOUND }),
  ...table([
    [
      'finance GET transactions/{transaction:success/PAYMENT}',
      ok(
        transactionDetailSchema,
        { id: '{transaction:success/PAYMENT}', status: 'SUCCESS', type: 'PAYMENT', decision: null },
        async (data, context) => {
          const list = await context.get('transactions?limit=1&status=success&types=PAYMENT');
          expect(data).toEqual({ ...rowsOf(list)[0], decision: null });
        },
      ),
      { name: 'a payment has no payout decision; the detail is the list row and the decision' },
    ],
  ]),

  // GET transactions/export: the list's filters, every row as CSV
  ...refusalCases(transactionOperations.export, { refused: 'nobody' }),
  ...table([
    ['admin GET transactions/export?from=2026-13-01', fails(400, `from: ${API_ERRORS.queryDate('from')}`)],
    ['admin GET transactions/export?from=2026-11-21&to=2026-11-01', fails(400, API_ERRORS.dateRange)],
    [
      'support GET transactions/export?status=failed&page=2&limit=1&from=2000-01-01',
      {
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
      { name: 'every row the filters select, paging ignored' },
    ],
  ]),

  // POST payout/transactions/{id}?command=approve|reject: change-payout-status, which support lacks
  ...refusals({ method: 'POST', path: PAYOUT, query: { command: 'reject' } }, 'support'),
  ...table([
    ['finance POST payout/transactions/nope?command=reject', fails(400, ID_NOT_UUID)],
    [
      `finance POST ${PAYOUT}?command=cancel`,
      fails(400, `command: ${API_ERRORS.queryEnum('command', ['approve', 'reject'])}`),
    ],
    [`finance POST payout/transactions/${UNKNOWN_ID}?command=reject`, fails(404, NOT_FOUND)],
    [
      'admin GET transactions/{transaction:pay-out}',
      ok(transactionDetailSchema, { status: 'PAY_OUT', decision: null }),
      { name: 'no decision yet' },
    ],
    [
      `finance POST ${PAYOUT}?command=reject`,
      ok(transactionDetailSchema, {
        id: '{transaction:pay-out}',
        status: 'CANCELED',
        decision: { by: finance },
      }),
      { name: 'rejected: CANCELED, and who decided' },
    ],
    [`admin POST ${PAYOUT}?command=approve`, fails(409, API_ERRORS.payoutNotPending)],
    [
      'support GET transactions/{transaction:pay-out}',
      ok(transactionDetailSchema, { status: 'CANCELED', decision: { by: finance } }),
      { name: 'the detail names the decision' },
    ],
    [
      'POST payout/transactions/{transaction:pay-out@2}?command=approve',
      ok(transactionDetailSchema, { id: '{transaction:pay-out@2}', status: 'SUCCESS' }),
      { name: 'approved: SUCCESS', as: { permissions: [PERMISSIONS.changePayoutStatus] } },
    ],
    [
      'finance POST payout/transactions/{transaction:success/PAYMENT}?command=approve',
      fails(409, API_ERRORS.payoutNotPending),
      { name: 'a payment is no payout request' },
    ],
  ]),
];

export const transactionCases: ResourceCases = { resource: 'transactions', cases };
