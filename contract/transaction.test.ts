import { describe, expect, it } from 'vitest';
import { API_ERRORS } from './messages';
import { issuesOf, parseOk } from './test/helpers';
import {
  merchantTransactionListQuerySchema,
  PAYOUT_COMMAND_TARGET,
  payoutCommandQuerySchema,
  STATUS_FILTER_TO_STATUS,
  STATUS_TO_STATUS_FILTER,
  TRANSACTION_STATUS_FILTERS,
  TRANSACTION_STATUSES,
  transactionListQuerySchema,
  transactionPageSchema,
} from './transaction';

describe('status filter mapping', () => {
  it('maps every filter value to a status and back', () => {
    for (const f of TRANSACTION_STATUS_FILTERS)
      expect(STATUS_TO_STATUS_FILTER[STATUS_FILTER_TO_STATUS[f]]).toBe(f);
    expect(new Set(Object.values(STATUS_FILTER_TO_STATUS))).toEqual(new Set(TRANSACTION_STATUSES));
    expect(STATUS_FILTER_TO_STATUS['pay-out']).toBe('PAY_OUT');
  });
});

describe('transactionListQuerySchema', () => {
  it('defaults to every status (as all) and every type', () => {
    expect(parseOk(transactionListQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      status: 'all',
      types: ['PAYMENT', 'PAYOUT', 'REFUND'],
      // Newest first when no sort is asked for (issue 24).
      sort: { key: 'date', direction: 'desc' },
    });
  });

  it('reads an empty status or all as all, never as the six statuses spelled out', () => {
    for (const status of ['', ' ', 'all', ' all '])
      expect(parseOk(transactionListQuerySchema, { status }).status, status).toBe('all');
    expect(
      parseOk(transactionListQuerySchema, { status: TRANSACTION_STATUS_FILTERS.join(',') }).status,
    ).toEqual(['SUCCESS', 'PENDING', 'CHECKED_OUT', 'FAILED', 'CANCELED', 'PAY_OUT']);
    expect(issuesOf(transactionListQuerySchema, { status: 'ALL' })).toEqual({
      status: [API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS)],
    });
    expect(issuesOf(transactionListQuerySchema, { status: 'all,success' })).toEqual({
      status: [API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS)],
    });
  });

  it('reads the spec’s query', () => {
    const q = {
      page: '2',
      limit: '20',
      status: 'checked-out,pay-out',
      from: '2026-11-01',
      to: '2026-11-21',
      reference: ' TXN-1 ',
      types: 'payout',
      merchantId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    };
    expect(parseOk(transactionListQuerySchema, q)).toEqual({
      page: 2,
      limit: 20,
      status: ['CHECKED_OUT', 'PAY_OUT'],
      from: '2026-11-01',
      to: '2026-11-21',
      reference: 'TXN-1',
      types: ['PAYOUT'],
      merchantId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      sort: { key: 'date', direction: 'desc' },
    });
  });

  it('names the field of each bad value', () => {
    expect(
      issuesOf(transactionListQuerySchema, { status: 'success,PAID', from: '2026-13-01', merchantId: '1' }),
    ).toEqual({
      status: [API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS)],
      from: [API_ERRORS.queryDate('from')],
      merchantId: [API_ERRORS.queryUuid('merchantId')],
    });
    expect(issuesOf(transactionListQuerySchema, { types: 'PAYMENT,GIFT' })).toEqual({
      types: [API_ERRORS.queryList('types', ['PAYMENT', 'PAYOUT', 'REFUND'])],
    });
  });

  it('refuses from after to, and search_term with reference', () => {
    expect(issuesOf(transactionListQuerySchema, { from: '2026-11-21', to: '2026-11-20' })).toEqual({
      '': [API_ERRORS.dateRange],
    });
    expect(parseOk(transactionListQuerySchema, { from: '2026-11-21', to: '2026-11-21' }).from).toBe(
      '2026-11-21',
    );
    expect(issuesOf(transactionListQuerySchema, { search_term: 'abebe', reference: 'TXN-1' })).toEqual({
      '': [API_ERRORS.searchBy],
    });
  });
});

describe('merchantTransactionListQuerySchema', () => {
  it('reads all or nothing as pending, checked-out, failed, canceled', () => {
    const four = ['PENDING', 'CHECKED_OUT', 'FAILED', 'CANCELED'];
    expect(parseOk(merchantTransactionListQuerySchema, {}).status).toEqual(four);
    expect(parseOk(merchantTransactionListQuerySchema, { status: 'all' }).status).toEqual(four);
    expect(parseOk(merchantTransactionListQuerySchema, { status: 'success' }).status).toEqual(['SUCCESS']);
  });
});

describe('payout command', () => {
  it('takes approve or reject', () => {
    expect(parseOk(payoutCommandQuerySchema, { command: 'reject' })).toEqual({ command: 'reject' });
    expect(issuesOf(payoutCommandQuerySchema, {})).toEqual({
      command: ['command must be one of approve, reject'],
    });
    expect(PAYOUT_COMMAND_TARGET).toEqual({ approve: 'SUCCESS', reject: 'CANCELED' });
  });
});

describe('transactionPageSchema', () => {
  const tx = {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    transaction_date: '2026-11-21T08:30:00.000Z',
    reference: { txn_ref: 'TXN-1' },
    against: { customer: { first_name: 'Abebe', last_name: 'Kebede', phone_number: '0911234567' } },
    amount: '1250.50',
    fee: '12.51',
    type: 'PAYMENT',
    status: 'SUCCESS',
    transaction_method: {
      currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
      payment_method: null,
    },
    merchant: null,
  };

  it('is paged with is_empty, money as strings', () => {
    const page = { contents: [tx], total: 1, total_pages: 1, is_empty: false };
    expect(parseOk(transactionPageSchema, page)).toEqual(page);
    expect(issuesOf(transactionPageSchema, { ...page, contents: [{ ...tx, amount: 1250.5 }] })).not.toEqual(
      {},
    );
    expect(issuesOf(transactionPageSchema, { contents: [], total: 0, total_pages: 0 })).toHaveProperty(
      'is_empty',
    );
  });
});
