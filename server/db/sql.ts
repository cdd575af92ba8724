/**
 * SQL helpers shared by the queries (server/db/queries/) and the routers: the `ILIKE` pattern of a
 * search term, database-error classification, and the wire form of stored money.
 */
import { normalize } from '@contract/decimal';
import { SQLSTATE, sqlState } from './connect';

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
