import { pagedSchema } from '@contract/envelope';
import { merchantAccountsSchema, merchantDetailSchema, merchantSchema } from '@contract/merchant';
import { type MerchantTimeline, merchantTimelineSchema } from '@contract/merchant-timeline';
import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import {
  MERCHANT_TRANSACTION_DEFAULT_FILTERS,
  STATUS_FILTER_TO_STATUS,
  transactionPageSchema,
} from '@contract/transaction';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { itemCases, malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, LIMIT_TOO_LARGE, ok, rowsOf, table, totalOf } from './table';

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
  ...refusalCases(merchantOperations.list, { refused: 'finance' }),
  ...table([
    ['admin GET merchants?limit=7000', fails(400, LIMIT_TOO_LARGE)],
    [
      'admin GET merchants?status=nope',
      fails(400, 'status: status must be one of PENDING, ACTIVE, PENDING_VERIFICATION, INACTIVE or empty'),
    ],
    [
      'support GET merchants?page=1&limit=5',
      ok(page, null, pagedNewestFirst(5)),
      { name: 'newest first, paged' },
    ],
    [
      'admin GET merchants?page=1&limit=100&status=PENDING_VERIFICATION',
      ok(page, null, (data) =>
        expect(new Set(rowsOf<Row>(data).map((r) => r.status))).toEqual(new Set(['PENDING_VERIFICATION'])),
      ),
      { name: 'filters by status' },
    ],
    [
      'admin GET merchants?status=',
      ok(page, null, pagedNewestFirst(10)),
      { name: 'an empty status is every status' },
    ],
    [
      'admin GET merchants?search_term={merchant-code:ACTIVE}',
      ok(page, null, async (data, context) =>
        expect(rowsOf<Row>(data).map((r) => r.merchant_code)).toContain(
          await context.resolve('{merchant-code:ACTIVE}'),
        ),
      ),
      { name: 'searches the code, any case' },
    ],
    [
      'admin GET merchants?search_term={merchant-name:ACTIVE}',
      ok(page, null, async (data, context) => {
        const name = await context.resolve('{merchant-name:ACTIVE}');
        const names = rowsOf<{ business_detail: { name: string } | null }>(data).map(
          (m) => m.business_detail?.name,
        );
        expect(names).toContain(name);
      }),
      { name: 'searches the business name' },
    ],
  ]),

  // GET merchants/{id}
  ...itemCases(merchantOperations.detail, { at: ACTIVE, refused: 'finance', message: NOT_FOUND }),
  ...table([
    [
      `support GET ${ACTIVE}`,
      ok(merchantDetailSchema, { id: '{merchant:ACTIVE}', status: 'ACTIVE', status_change: null }),
      { name: 'no status change recorded yet' },
    ],
  ]),

  // GET merchants/{id}/accounts: view-merchant-account, which support lacks
  ...refusalCases(merchantOperations.accounts, {
    at: 'merchants/{merchant-with-accounts:ACTIVE}/accounts',
    refused: 'support',
  }),
  ...table([
    ['finance GET merchants/{merchant-with-accounts:ACTIVE}/accounts', fails(403, API_ERRORS.forbidden)],
  ]),
  ...malformedIdCases(merchantOperations.accounts),
  ...unknownIdCases(merchantOperations.accounts, { message: NOT_FOUND }),
  ...table([
    [
      'admin GET merchants/{merchant-with-accounts:ACTIVE}/accounts',
      ok(merchantAccountsSchema, { is_empty: false }, (data) =>
        expect((data as { contents: unknown[] }).contents.length).toBeGreaterThan(0),
      ),
    ],
  ]),

  // PATCH merchants/{id}?command=activate|deactivate: change-status-merchant
  ...refusalCases(merchantOperations.command, {
    at: VERIFYING,
    query: { command: 'activate' },
    refused: 'support',
  }),
  ...malformedIdCases(merchantOperations.command, { query: { command: 'activate' } }),
  ...table([
    [
      `admin PATCH ${VERIFYING}?command=delete`,
      fails(400, 'command: command must be activate or deactivate'),
    ],
  ]),
  ...unknownIdCases(merchantOperations.command, { query: { command: 'activate' }, message: NOT_FOUND }),
  ...table([
    [
      `admin PATCH ${VERIFYING}?command=activate`,
      ok(merchantDetailSchema, {
        id: '{merchant:PENDING_VERIFICATION}',
        status: 'ACTIVE',
        status_change: { from: 'PENDING_VERIFICATION', to: 'ACTIVE', by: admin },
      }),
      { name: 'records who changed the status' },
    ],
    [
      `admin PATCH ${VERIFYING}?command=activate`,
      fails(409, API_ERRORS.merchantCommand('activate', 'ACTIVE')),
      { name: 'a status that does not offer the command' },
    ],
    [
      `support GET ${VERIFYING}`,
      ok(merchantDetailSchema, {
        status: 'ACTIVE',
        status_change: { from: 'PENDING_VERIFICATION', to: 'ACTIVE', by: admin },
      }),
      { name: 'the detail names the last change; the refused command recorded nothing' },
    ],
    [
      `admin PATCH ${VERIFYING}?command=deactivate`,
      ok(merchantDetailSchema, {
        status: 'INACTIVE',
        status_change: { from: 'ACTIVE', to: 'INACTIVE', by: admin },
      }),
    ],
    [
      'admin PATCH merchants/{merchant:PENDING}?command=activate',
      fails(409, API_ERRORS.merchantCommand('activate', 'PENDING')),
    ],
  ]),

  // GET merchants/{id}/transactions: view-merchant
  ...itemCases(merchantOperations.transactions, {
    at: `${ACTIVE}/transactions`,
    refused: 'finance',
    message: NOT_FOUND,
  }),
  ...table([
    [
      `admin GET ${ACTIVE}/transactions?status=nope`,
      fails(400, /^status: status must be a comma-separated list of /),
    ],
    [
      `admin GET ${ACTIVE}/transactions?types=gift`,
      fails(400, 'types: types must be a comma-separated list of PAYMENT, PAYOUT, REFUND'),
    ],
    [
      `support GET ${ACTIVE}/transactions?page=1&limit=100`,
      ok(transactionPageSchema, null, (data) => {
        const allowed = MERCHANT_TRANSACTION_DEFAULT_FILTERS.map((f) => STATUS_FILTER_TO_STATUS[f]);
        for (const status of statuses(data)) expect(allowed).toContain(status);
      }),
      { name: 'pending, checked-out, failed and canceled unless asked' },
    ],
    [
      `admin GET ${ACTIVE}/transactions?status=failed&limit=100`,
      ok(transactionPageSchema, null, (data) =>
        expect([...statuses(data)].filter((s) => s !== 'FAILED')).toEqual([]),
      ),
    ],
    [
      `admin GET ${ACTIVE}/transactions?status=all&types=refund&limit=100`,
      ok(transactionPageSchema, null, (data) =>
        expect(rowsOf<TxRow>(data).filter((t) => t.type !== 'REFUND')).toEqual([]),
      ),
    ],
  ]),

  // GET merchants/{id}/timeline: view-merchant (ours, decision 046)
  ...itemCases(merchantOperations.timeline, {
    at: `${ACTIVE}/timeline`,
    refused: 'finance',
    message: NOT_FOUND,
  }),
  ...table([
    [`admin GET ${ACTIVE}/timeline?limit=0`, fails(400, 'limit: limit must be an integer from 1 to 200')],
    [
      `support GET ${VERIFYING}/timeline?limit=200`,
      ok(merchantTimelineSchema, null, async (data, context) => {
        const { contents } = data as MerchantTimeline;
        const times = contents.map((entry) => Date.parse(entry.at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        // The newest status change is the deactivation above, with who made it.
        expect(contents.find((entry) => entry.kind === 'status_change')).toMatchObject(
          await context.resolve({ from: 'ACTIVE', to: 'INACTIVE', by: admin }),
        );
      }),
      { name: 'newest first, the last status change with who made it' },
    ],
    [
      `admin GET ${ACTIVE}/timeline?limit=1`,
      ok(merchantTimelineSchema, null, (data) =>
        expect((data as MerchantTimeline).contents.length).toBeLessThanOrEqual(1),
      ),
      { name: 'limit caps the entries' },
    ],
  ]),
];

export const merchantCases: ResourceCases = { resource: 'merchants', cases };
