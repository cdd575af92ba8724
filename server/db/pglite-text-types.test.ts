/**
 * drizzle's per-statement `parsers` option is dropped once the PGlite instance itself keeps those
 * types as text (decision 016); any other parsers still reach PGlite, and values read the same.
 */
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from './connect';
import { keepTextTypesAsText, TEXT_TYPE_OIDS, withoutTextParsers } from './pglite-text-types';

const asText = (value: string) => value;
/** What drizzle-orm/pglite sends with every statement. */
const drizzleOptions = (): QueryOptions => ({
  rowMode: 'array',
  parsers: Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, asText])),
});

describe('withoutTextParsers', () => {
  it("drops drizzle's text parsers and keeps the rest of the options", () => {
    expect(withoutTextParsers(drizzleOptions())).toEqual({ rowMode: 'array' });
    expect(withoutTextParsers(undefined)).toBeUndefined();
    expect(withoutTextParsers({ rowMode: 'object' })).toEqual({ rowMode: 'object' });
  });

  it('keeps a parser for another type, or one that changes the text', () => {
    const json: QueryOptions = { parsers: { 114: asText, 1184: asText } };
    expect(withoutTextParsers(json)).toBe(json);
    const dates: QueryOptions = { parsers: { 1184: (value: string) => new Date(value) } };
    expect(withoutTextParsers(dates)).toBe(dates);
    const strict: QueryOptions = {
      parsers: {
        1082: (value: string) => {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`not a date: ${value}`);
          return value;
        },
      },
    };
    expect(withoutTextParsers(strict)).toBe(strict);
  });
});

describe('keepTextTypesAsText', () => {
  it('sends statements and transaction statements on without the text parsers', async () => {
    const txQuery = vi.fn(async () => ({ rows: [], fields: [] }));
    const tx = { query: txQuery } as unknown as Transaction;
    const query = vi.fn(async () => ({ rows: [], fields: [] }));
    const client = {
      parsers: {},
      query,
      transaction: vi.fn(async (callback: (t: Transaction) => Promise<unknown>) => callback(tx)),
    } as unknown as PGlite;
    keepTextTypesAsText(client);

    await client.query('select 1', [], drizzleOptions());
    expect(query).toHaveBeenCalledWith('select 1', [], { rowMode: 'array' });
    await client.transaction((t) => t.query('select 2', [], drizzleOptions()));
    expect(txQuery).toHaveBeenCalledWith('select 2', [], { rowMode: 'array' });
    for (const oid of TEXT_TYPE_OIDS) expect(client.parsers[oid]?.('2026-11-24')).toBe('2026-11-24');

    // Once anything resets one of the instance's parsers, drizzle's own option is needed again.
    client.parsers[1231] = (value: string) => value.split(',');
    const options = drizzleOptions();
    await client.query('select 3', [], options);
    expect(query).toHaveBeenLastCalledWith('select 3', [], options);
  });
});

describe('PGlite opened by openDatabase', () => {
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  let client: PGlite;
  beforeAll(async () => {
    handle = await openDatabase({});
    client = (handle.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => handle.close());

  const probe = `select timestamptz '2026-11-24 10:00:00+00' as at, date '2026-11-24' as day,
    interval '1 day' as span, array[1.50, 2]::numeric[] as amounts`;

  it('reads those types as the text PostgreSQL sent, through drizzle and in a transaction', async () => {
    const expected = { at: '2026-11-24 10:00:00+00', day: '2026-11-24', span: '1 day', amounts: '{1.50,2}' };
    expect(await queryRows(handle.db, probe)).toEqual([expected]);
    const inTransaction = await handle.db.transaction((tx) => queryRows(tx, probe));
    expect(inTransaction).toEqual([expected]);
  });

  it("still applies a caller's own parsers", async () => {
    const { rows } = await client.query<{ at: unknown }>(
      "select timestamptz '2026-11-24 10:00:00+00' as at",
      [],
      {
        parsers: { 1184: (value: string) => new Date(value) },
      },
    );
    expect(rows[0]?.at).toEqual(new Date('2026-11-24T10:00:00Z'));
  });
});
