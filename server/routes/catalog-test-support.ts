/**
 * Test helpers shared by the catalog route tests: JSON calls, row counts and the permission matrix,
 * so each test can show that a refused request wrote nothing.
 */

import { API_ERRORS } from '@contract/messages';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { DemoUserKey } from '../db/seed/demo-users';
import { readEnvelope, type TestApi } from '../http/test-support';

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

export async function rowCount(api: TestApi, table: PgTable): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** One call of a permission matrix: who may make it, and how (a fresh fixture per run is fine). */
export interface PermissionCase {
  name: string;
  run: (token: string | undefined) => Promise<Response>;
  allowed: readonly DemoUserKey[];
}

/**
 * Every call as every demo user: the allowed ones succeed; the others get 403 with the forbidden
 * message and leave every existing row of `table` as it was; without a token, 401.
 * `getApi` because the suites create their app in `beforeAll`, after the tests are declared.
 */
export function itEnforcesPermissions(
  getApi: () => TestApi,
  table: PgTable,
  calls: readonly PermissionCase[],
): void {
  for (const call of calls) {
    for (const user of ['admin', 'support', 'finance'] as const) {
      const allowed = call.allowed.includes(user);
      it(`${call.name} as ${user} -> ${allowed ? '2xx' : 403}`, async () => {
        const api = getApi();
        const token = await api.tokenFor(user);
        const before = await api.database.db.select().from(table);
        const response = await call.run(token);
        const body = await readEnvelope(response);
        if (allowed) expect(response.status).toBeLessThan(300);
        else {
          expect(response.status).toBe(403);
          expect(body.errorMessage).toBe(API_ERRORS.forbidden);
          // The fixture created by `run` aside, nothing was changed by the refused call.
          const after = await api.database.db.select().from(table);
          for (const row of before) expect(after.find((r) => r.id === row.id)).toEqual(row);
        }
      });
    }
    it(`${call.name} without a token -> 401`, async () => {
      const response = await call.run(undefined);
      expect(response.status).toBe(401);
      await readEnvelope(response);
    });
  }
}
