/**
 * What "nothing was written" is checked against: every table of server/db/schema.ts by row count
 * and a digest of its rows (an UPDATE changes no count), and the ledger's totals by entry type, in
 * one statement so the suite can take it after every request.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/connect';
import { namedStatement, pgClientOf } from '../../db/named-statements';
import * as schema from '../../db/schema';

/**
 * Tables a request may write to by design: the sign-in limiter counts each failed sign-in, which
 * is what it is for (issue 18 moves it into the database), and a successful sign-in records its
 * session so it can be signed out later (decision 025); both, and every other recorded action,
 * append to the audit log (decision 031).
 */
const WRITTEN_BY_DESIGN = new Set(['sign_in_attempts', 'sessions', 'audit_log']);

/** Columns a successful sign-in sets by design: the person's last sign-in. */
const COLUMNS_WRITTEN_BY_DESIGN: Readonly<Record<string, readonly string[]>> = {
  users: ['last_sign_in_at'],
};

/** A row as digested: whole, or without the columns written by design. */
function rowText(table: string): string {
  const left = COLUMNS_WRITTEN_BY_DESIGN[table];
  return left ? `(to_jsonb(t) ${left.map((column) => `- '${column}'`).join(' ')})::text` : 't::text';
}

const SNAPSHOT_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((x): x is PgTable => is(x, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !WRITTEN_BY_DESIGN.has(name))
  .sort();

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const SNAPSHOT_SQL_TEXT = [
  ...SNAPSHOT_TABLES.map(
    (name) =>
      // A sum of row hashes: blind to order, which is no change, and far cheaper than sorting.
      `SELECT '${name}' AS name, (SELECT count(*)::text || ' rows, digest ' || ` +
      `coalesce(sum(hashtext(${rowText(name)})::bigint), 0)::text FROM ${quote(name)} t) AS value`,
  ),
  `SELECT 'ledger debits', (SELECT coalesce(sum(amount), 0)::text FROM journal_entries WHERE entry_type = 'DEBIT')`,
  `SELECT 'ledger credits', (SELECT coalesce(sum(amount), 0)::text FROM journal_entries WHERE entry_type = 'CREDIT')`,
  `SELECT 'ledger sums', (SELECT coalesce(sum(amount), 0)::text || ' over ' || coalesce(sum(entries), 0)::text FROM journal_entry_sums)`,
].join(' UNION ALL ');

/**
 * Named, so PostgreSQL plans it once per connection: planning its fifty-odd subqueries took most of
 * its 25 ms, and the suite takes it after each of some six thousand requests.
 */
const SNAPSHOT = namedStatement<[], { name: string; value: string }>('fuzz_snapshot', SNAPSHOT_SQL_TEXT);

/** PGlite has one session and `namedStatement` plans afresh there; SQL's PREPARE keeps the plan. */
const preparedOn = new WeakSet<Executor>();
async function executePrepared(db: Executor) {
  if (!preparedOn.has(db)) {
    await queryRows(db, sql.raw(`PREPARE fuzz_snapshot AS ${SNAPSHOT_SQL_TEXT}`));
    preparedOn.add(db);
  }
  return queryRows<{ name: string; value: string }>(db, sql.raw('EXECUTE fuzz_snapshot'));
}

export type Snapshot = ReadonlyMap<string, string>;

export async function takeSnapshot(db: Executor): Promise<Snapshot> {
  const rows = pgClientOf(db) ? await SNAPSHOT.run(db, []) : await executePrepared(db);
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** The entries that differ, as `name: before -> after`; empty when nothing changed. */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name)} -> ${after.get(name)}`);
}
