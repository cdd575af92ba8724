/**
 * Assertions the route tests share: a response's status and message, the 404/400 of a bad id, a
 * unique code under concurrent creates, and the API's newest-first list order.
 */

import { API_ERRORS } from '@contract/messages';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { readEnvelope, type TestApi } from './api';
import { rowCount, UNKNOWN_ID } from './catalog';

/**
 * The response has `status` and is an envelope (readEnvelope's checks); for an error, with exactly
 * `message` when one is given.
 */
export async function expectStatus(response: Response, status: number, message?: string): Promise<void> {
  expect(response.status).toBe(status);
  const body = await readEnvelope(response);
  if (message !== undefined) expect(body.errorMessage).toBe(message);
}

/** Ids in the API's list order: newest created_at first, then id descending. */
export function newestFirstIds(rows: readonly { id: string; createdAt: Date }[]): string[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
}

/**
 * `call` answers 404 with the not-found message of `entity` for an unknown id, and 400 naming the id
 * for a `malformed` one.
 */
export async function expectUnknownAndMalformedIds(
  call: (id: string) => Promise<Response>,
  entity: string,
  malformed = 'x',
): Promise<void> {
  await expectStatus(await call(UNKNOWN_ID), 404, API_ERRORS.notFound(entity));
  await expectStatus(await call(malformed), 400, 'id: id must be a UUID');
}

/**
 * A code must be unique: creating `taken` is refused with 409 and `message`, writing nothing to
 * `table`; of `racers` concurrent creates of `fresh()` (one code), exactly one is created.
 */
export async function expectUniqueOnCreate(
  api: TestApi,
  table: PgTable,
  create: (body: unknown) => Promise<{ response: Response; body: { errorMessage: string | null } }>,
  taken: { body: unknown; message: string },
  fresh: () => unknown,
  racers = 2,
): Promise<void> {
  const before = await rowCount(api, table);
  const refused = await create(taken.body);
  expect(refused.response.status).toBe(409);
  expect(refused.body.errorMessage).toBe(taken.message);
  expect(await rowCount(api, table)).toBe(before);
  const racing = await Promise.all(Array.from({ length: racers }, () => create(fresh())));
  expect(racing.map((r) => r.response.status).sort()).toEqual([201, ...Array(racers - 1).fill(409)]);
  expect(await rowCount(api, table)).toBe(before + 1);
}
