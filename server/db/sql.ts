/**
 * SQL helpers shared by the queries (server/db/queries/) and the routers (a list's page and order
 * are in sort.ts): the `ILIKE` pattern of a search term, database-error classification, and the
 * wire form of stored money.
 */
import { normalize } from '@contract/decimal';
import { ACTIVATION_COMMAND_TARGET, type ActivationCommand } from '@contract/fields';
import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, SQLSTATE, sqlState } from './connect';

/** A list's page as the queries answer it; the routers add `total_pages`. */
export interface ListPage<T> {
  contents: T[];
  total: number;
}

/**
 * True when a row other than `exceptId` already holds `value` in a unique `column` of `table`: the
 * pre-check behind a 409 that names the value (the unique index still decides a race).
 */
export async function valueTaken(
  db: Executor,
  table: PgTable & { readonly id: AnyPgColumn },
  column: AnyPgColumn,
  value: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(column, value), exceptId ? ne(table.id, exceptId) : undefined));
  return rows.length > 0;
}

/**
 * The SET and WHERE of an activate/deactivate command as one conditional UPDATE (`WHERE status <>
 * target`): of two concurrent identical commands only one changes the row, and a row already in the
 * target status (or an unknown id) updates nothing.
 */
export function activationUpdate(
  table: { readonly id: AnyPgColumn; readonly status: AnyPgColumn },
  id: string,
  command: ActivationCommand,
  now: Date,
) {
  const status = ACTIVATION_COMMAND_TARGET[command];
  return { set: { status, updatedAt: now }, where: and(eq(table.id, id), ne(table.status, status)) };
}

/** `ILIKE '%term%'` with the term's own `%`, `_` and `\` matched literally (backslash is the default escape). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.uniqueViolation;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.foreignKeyViolation;
}

/** numeric(24,6) comes back as "5.000000"; the wire carries the plain decimal "5". */
export function money(stored: string): string {
  return normalize(stored);
}
