import { pagedSchema } from '@contract/envelope';
import { merchantAccountsSchema, merchantDetailSchema, merchantSchema } from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import {
  MERCHANT_TRANSACTION_DEFAULT_FILTERS,
  STATUS_FILTER_TO_STATUS,
  transactionPageSchema,
} from '@contract/transaction';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf, totalOf } from './helpers';

const page = pagedSchema(merchantSchema);
const NOT_FOUND = API_ERRORS.notFound('Merchant');
const ACTIVE = 'merchants/{merchant:ACTIVE}';
const VERIFYING = 'merchants/{merchant:PENDING_VERIFICATION}';
const admin = { id: '{user:admin}', name: 'Abebe Kebede' };

type Row = { status: string; created_at: string; merchant_code: string };

/** `total_pages` agrees with `total` and the page size; the rows are newest first. */
function pagedNewestFirst(limit: number) {
  return (data: unknown) => {
    const total = totalOf(data);
    expect((data as { total_pages: number }).total_pages).toBe(Math.ceil(total / limit));
    const dates = rowsOf<Row>(data).map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(total).toBeGreaterThan(0);
  };
}

type TxRow = { status: string; type: string };
const statuses = (data: unknown) => new Set(rowsOf<TxRow>(data).map((t) => t.status));

const cases: ConformanceCase[] = [
  // GET merchants: view-merchant
  ...refusals({ method: 'GET', path: 'merchants' }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants', query: { limit: '7000' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants', query: { status: 'nope' } },
    expect: {
      status: 400,
      message: 'status: status must be one of PENDING, ACTIVE, PENDING_VERIFICATION, INACTIVE or empty',
    },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'merchants', query: { page: '1', limit: '5' } },
    expect: { status: 200, data: page, check: pagedNewestFirst(5) },
  },
  {
    name: 'filters by status',
    role: 'admin',
    request: {
      method: 'GET',
      path: 'merchants',
      query: { page: '1', limit: '100', status: 'PENDING_VERIFICATION' },
    },
    expect: {
      status: 200,
      data: page,
      check: (data) =>
        expect(new Set(rowsOf<Row>(data).map((r) => r.status))).toEqual(new Set(['PENDING_VERIFICATION'])),
    },
  },
  {
    name: 'an empty status is every status',
    role: 'admin',
    request: { method: 'GET', path: 'merchants', query: { status: '' } },
    expect: { status: 200, data: page, check: pagedNewestFirst(10) },
  },
  {
    name: 'searches the code, any case',
    role: 'admin',
    request: { method: 'GET', path: 'merchants', query: { search_term: '{merchant-code:ACTIVE}' } },
    expect: {
      status: 200,
      data: page,
      check: async (data, context) =>
        expect(rowsOf<Row>(data).map((r) => r.merchant_code)).toContain(
          await context.resolve('{merchant-code:ACTIVE}'),
        ),
    },
  },

  {
    name: 'searches the business name',
    role: 'admin',
    request: { method: 'GET', path: 'merchants', query: { search_term: '{merchant-name:ACTIVE}' } },
    expect: {
      status: 200,
      data: page,
      check: async (data, context) => {
        const name = await context.resolve('{merchant-name:ACTIVE}');
        const names = rowsOf<{ business_detail: { name: string } | null }>(data).map(
          (m) => m.business_detail?.name,
        );
        expect(names).toContain(name);
      },
    },
  },

  // GET merchants/{id}
  ...refusals({ method: 'GET', path: ACTIVE }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `merchants/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'no status change recorded yet',
    role: 'support',
    request: { method: 'GET', path: ACTIVE },
    expect: {
      status: 200,
      data: merchantDetailSchema,
      match: { id: '{merchant:ACTIVE}', status: 'ACTIVE', status_change: null },
    },
  },

  // GET merchants/{id}/accounts: view-merchant-account, which support lacks
  ...refusals({ method: 'GET', path: 'merchants/{merchant-with-accounts:ACTIVE}/accounts' }, 'support'),
  {
    role: 'finance',
    request: { method: 'GET', path: 'merchants/{merchant-with-accounts:ACTIVE}/accounts' },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants/nope/accounts' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `merchants/${UNKNOWN_ID}/accounts` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants/{merchant-with-accounts:ACTIVE}/accounts' },
    expect: {
      status: 200,
      data: merchantAccountsSchema,
      match: { is_empty: false },
      check: (data) => expect((data as { contents: unknown[] }).contents.length).toBeGreaterThan(0),
    },
  },

  // PATCH merchants/{id}?command=activate|deactivate: change-status-merchant
  ...refusals({ method: 'PATCH', path: VERIFYING, query: { command: 'activate' } }, 'support'),
  {
    role: 'admin',
    request: { method: 'PATCH', path: 'merchants/nope', query: { command: 'activate' } },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PATCH', path: VERIFYING, query: { command: 'delete' } },
    expect: { status: 400, message: 'command: command must be activate or deactivate' },
  },
  {
    role: 'admin',
    request: { method: 'PATCH', path: `merchants/${UNKNOWN_ID}`, query: { command: 'activate' } },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'records who changed the status',
    role: 'admin',
    request: { method: 'PATCH', path: VERIFYING, query: { command: 'activate' } },
    expect: {
      status: 200,
      data: merchantDetailSchema,
      match: {
        id: '{merchant:PENDING_VERIFICATION}',
        status: 'ACTIVE',
        status_change: { from: 'PENDING_VERIFICATION', to: 'ACTIVE', by: admin },
      },
    },
  },
  {
    name: 'a status that does not offer the command',
    role: 'admin',
    request: { method: 'PATCH', path: VERIFYING, query: { command: 'activate' } },
    expect: { status: 409, message: API_ERRORS.merchantCommand('activate', 'ACTIVE') },
  },
  {
    name: 'the detail names the last change; the refused command recorded nothing',
    role: 'support',
    request: { method: 'GET', path: VERIFYING },
    expect: {
      status: 200,
      data: merchantDetailSchema,
      match: { status: 'ACTIVE', status_change: { from: 'PENDING_VERIFICATION', to: 'ACTIVE', by: admin } },
    },
  },
  {
    role: 'admin',
    request: { method: 'PATCH', path: VERIFYING, query: { command: 'deactivate' } },
    expect: {
      status: 200,
      data: merchantDetailSchema,
      match: { status: 'INACTIVE', status_change: { from: 'ACTIVE', to: 'INACTIVE', by: admin } },
    },
  },
  {
    role: 'admin',
    request: { method: 'PATCH', path: 'merchants/{merchant:PENDING}', query: { command: 'activate' } },
    expect: { status: 409, message: API_ERRORS.merchantCommand('activate', 'PENDING') },
  },

  // GET merchants/{id}/transactions: view-merchant
  ...refusals({ method: 'GET', path: `${ACTIVE}/transactions` }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'merchants/nope/transactions' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `merchants/${UNKNOWN_ID}/transactions` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `${ACTIVE}/transactions`, query: { status: 'nope' } },
    expect: { status: 400, message: /^status: status must be a comma-separated list of / },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `${ACTIVE}/transactions`, query: { types: 'gift' } },
    expect: {
      status: 400,
      message: 'types: types must be a comma-separated list of PAYMENT, PAYOUT, REFUND',
    },
  },
  {
    name: 'pending, checked-out, failed and canceled unless asked',
    role: 'support',
    request: { method: 'GET', path: `${ACTIVE}/transactions`, query: { page: '1', limit: '100' } },
    expect: {
      status: 200,
      data: transactionPageSchema,
      check: (data) => {
        const allowed = MERCHANT_TRANSACTION_DEFAULT_FILTERS.map((f) => STATUS_FILTER_TO_STATUS[f]);
        for (const status of statuses(data)) expect(allowed).toContain(status);
      },
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `${ACTIVE}/transactions`, query: { status: 'failed', limit: '100' } },
    expect: {
      status: 200,
      data: transactionPageSchema,
      check: (data) => expect([...statuses(data)].filter((s) => s !== 'FAILED')).toEqual([]),
    },
  },
  {
    role: 'admin',
    request: {
      method: 'GET',
      path: `${ACTIVE}/transactions`,
      query: { status: 'all', types: 'refund', limit: '100' },
    },
    expect: {
      status: 200,
      data: transactionPageSchema,
      check: (data) => expect(rowsOf<TxRow>(data).filter((t) => t.type !== 'REFUND')).toEqual([]),
    },
  },
];

export const merchantCases: ResourceCases = { resource: 'merchants', cases };
