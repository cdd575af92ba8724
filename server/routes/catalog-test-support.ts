/**
 * Test helpers shared by the catalog route tests: JSON calls and row counts, so each test can show
 * that a refused request wrote nothing.
 */
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestApi } from '../http/test-support';

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
