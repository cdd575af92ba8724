/**
 * Test helpers shared by the catalog route tests: JSON calls, row counts and the permission matrix,
 * so each test can show that a refused request wrote nothing.
 */

import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { expect, it } from 'vitest';
import type { DemoUserKey } from '../db/seed/demo-users';
import { readEnvelope, type TestApi } from './api';

export const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

/** A JSON request (body serialised when given) with a bearer token. */
export function jsonCall(
  api: TestApi,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<Response> {
  return api.call(path, {
    method,
    token,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/**
 * One catalog resource's calls at `base`, as admin unless a token is given. `create` posts a second
 * after the previous call (so created_at orders what a test creates) and reads the answer as an
 * envelope of `schema`.
 */
export function resourceCalls<S extends v.GenericSchema>(api: TestApi, base: string, schema: S) {
  const as = async (token: string | undefined) => token ?? (await api.tokenFor('admin'));
  /** GET the list with `query` ('' or '?…'), read as a page of `schema`. */
  const list = async (query: string, token?: string) => {
    const response = await api.call(`${base}${query}`, { token: await as(token) });
    return { response, body: await readEnvelope(response, pagedSchema(schema)) };
  };
  return {
    async create(body: unknown, token?: string) {
      api.clock.advance(1000);
      const response = await jsonCall(api, 'POST', base, await as(token), body);
      return { response, body: await readEnvelope(response, schema) };
    },
    get: async (id: string, token?: string) => api.call(`${base}/${id}`, { token: await as(token) }),
    put: async (id: string, body: unknown, token?: string) =>
      jsonCall(api, 'PUT', `${base}/${id}`, await as(token), body),
    delete: async (id: string, token?: string) => jsonCall(api, 'DELETE', `${base}/${id}`, await as(token)),
    list,
    /**
     * Pages through the whole list, `limit` a page, each page telling `total` rows in as many pages
     * as they fill; the ids in the order served.
     */
    async pagedIds(limit: number, total: number): Promise<string[]> {
      const pages = Math.ceil(total / limit);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const { data } = (await list(`?page=${page}&limit=${limit}`)).body;
        expect(data).toMatchObject({ total, total_pages: pages });
        seen.push(...(data.contents as { id: string }[]).map((row) => row.id));
      }
      return seen;
    },
  };
}

let bodyCount = 0;

/**
 * A valid payment method body: a BANK with 13-digit numbers for ETB, named `<name> <n>` with code
 * `<code><n>`, n counting up so that each is new.
 */
export function paymentMethodBody(name: string, code: string, overrides: Record<string, unknown> = {}) {
  bodyCount += 1;
  return {
    name: `${name} ${bodyCount}`,
    type: 'BANK',
    url: 'https://bank.example',
    logo: '/api/v1/files/logos/payment-methods/TEST.svg',
    code: `${code}${bodyCount}`,
    account_number_length: 13,
    supported_currencies: ['ETB'],
    ...overrides,
  };
}

/** A valid currency body (2 decimals, steps of 0.01): `<name> <n>`, `symbol`, name code `code(n)`. */
export function currencyBody(
  name: string,
  symbol: string,
  code: (n: number) => string,
  overrides: Record<string, unknown> = {},
) {
  bodyCount += 1;
  return {
    name: `${name} ${bodyCount}`,
    decimal_places: 2,
    in_multiples_of: '0.01',
    display_symbol: symbol,
    name_code: code(bodyCount),
    ...overrides,
  };
}

/** The fields of a ranged percent charge with two contiguous bands (1-100 at 2 %, 101-1000 at 1.5 %). */
export const TWO_BANDS = {
  charge_calculation_method: 'PERCENT',
  amount: 0,
  is_range: true,
  charge_ranges: [
    { min_amount: 1, max_amount: '100', charge_amount: '2' },
    { min_amount: '101', max_amount: 1000, charge_amount: 1.5 },
  ],
};

export async function rowCount(api: TestApi, table: PgTable): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** One call of a permission matrix: who may make it, and how. */
export interface PermissionCase {
  name: string;
  /**
   * Creates the row the call targets and returns its id (passed to `run`). It runs before the
   * tables are read, so a refused call that changed or deleted that row is caught too.
   */
  setup?: () => Promise<string>;
  /** Makes the call only: anything it writes itself would count as a write of the refused call. */
  run: (token: string | undefined, target: string) => Promise<Response>;
  allowed: readonly DemoUserKey[];
}

type Row = Record<string, unknown>;

/** Every row of each table, ordered by id, so row counts and every column are compared. */
export async function tableSnapshot(api: TestApi, tables: readonly PgTable[]): Promise<Row[][]> {
  const snapshot: Row[][] = [];
  for (const table of tables) {
    const rows: Row[] = await api.database.db.select().from(table);
    snapshot.push(
      rows.sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0)),
    );
  }
  return snapshot;
}

/**
 * Every call as every demo user: the allowed ones succeed; the others get 403 with the forbidden
 * message; without a token, 401. A refused call (403 or 401) leaves `tables` exactly as they were:
 * the same rows, the call's target included, and no new ones. List every table the call could write.
 * `getApi` because the suites create their app in `beforeAll`, after the tests are declared.
 */
export function itEnforcesPermissions(
  getApi: () => TestApi,
  tables: readonly PgTable[],
  calls: readonly PermissionCase[],
): void {
  async function refusedCallWritesNothing(
    call: PermissionCase,
    token: string | undefined,
    status: 401 | 403,
  ) {
    const api = getApi();
    const target = (await call.setup?.()) ?? '';
    const before = await tableSnapshot(api, tables);
    const response = await call.run(token, target);
    const body = await readEnvelope(response);
    expect(response.status).toBe(status);
    if (status === 403) expect(body.errorMessage).toBe(API_ERRORS.forbidden);
    expect(await tableSnapshot(api, tables)).toEqual(before);
  }

  for (const call of calls) {
    for (const user of ['admin', 'support', 'finance'] as const) {
      const allowed = call.allowed.includes(user);
      it(`${call.name} as ${user} -> ${allowed ? '2xx' : 403}`, async () => {
        const api = getApi();
        const token = await api.tokenFor(user);
        if (!allowed) return refusedCallWritesNothing(call, token, 403);
        const target = (await call.setup?.()) ?? '';
        const response = await call.run(token, target);
        await readEnvelope(response);
        expect(response.status).toBeLessThan(300);
      });
    }
    it(`${call.name} without a token -> 401`, () => refusedCallWritesNothing(call, undefined, 401));
  }
}
