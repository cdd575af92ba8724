/**
 * The safety net below validation: an error the database raised because of the data a request
 * carried is the client's 400 or 409, not the server's 500. The contract's schemas should refuse
 * such data first (contract/common.ts `plainText`, the column bounds in contract/fields.ts); this
 * catches what they miss, on either driver. Only a genuine fault (a lost connection, a bug in our
 * SQL, a missing table) is left for the 500 handler.
 *
 * Both node-postgres and PGlite raise errors with the SQLSTATE in `.code`; drizzle wraps them in a
 * DrizzleQueryError whose `.cause` is the driver's error, so the chain is walked (sqlState).
 */
import { DATABASE_ERRORS } from '@contract/messages';
import { sqlState } from '../db/connect';

export interface DatabaseRefusal {
  readonly status: 400 | 409;
  readonly message: string;
}

/** Class 22 (data exception) codes with a message of their own; the rest of the class is `invalidValue`. */
const DATA_EXCEPTIONS: Readonly<Record<string, string>> = {
  /** untranslatable_character: a NUL (`\u0000`) in text, or a character the encoding lacks. */
  '22P05': DATABASE_ERRORS.unstorableCharacter,
  /** character_not_in_repertoire / invalid byte sequence for the encoding (also NUL through node-postgres). */
  '22021': DATABASE_ERRORS.unstorableCharacter,
  '22003': DATABASE_ERRORS.numberOutOfRange,
  '22001': DATABASE_ERRORS.textTooLong,
  '22P02': DATABASE_ERRORS.malformedValue,
  '22007': DATABASE_ERRORS.malformedValue,
  '22008': DATABASE_ERRORS.dateOutOfRange,
};

/** The refusal for a database error caused by the request's data, or null for any other error. */
export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  const code = sqlState(error);
  if (!code) return null;
  if (code.startsWith('22'))
    return { status: 400, message: DATA_EXCEPTIONS[code] ?? DATABASE_ERRORS.invalidValue };
  switch (code) {
    case '23505':
      return { status: 409, message: DATABASE_ERRORS.duplicate };
    case '23503':
      // Our foreign keys refuse two things: pointing at a row that is not there (an insert or an
      // update of the referencing row), and deleting a row something still points at.
      return isStillReferenced(error)
        ? { status: 409, message: DATABASE_ERRORS.stillReferenced }
        : { status: 400, message: DATABASE_ERRORS.unknownReference };
    case '23514':
      return { status: 400, message: DATABASE_ERRORS.ruleBroken };
    case '40001':
    case '40P01':
      return { status: 409, message: DATABASE_ERRORS.concurrentChange };
    case '54000':
      // program_limit_exceeded: e.g. a text beyond the size a btree index row may hold.
      return { status: 400, message: DATABASE_ERRORS.valueTooLarge };
    default:
      return null;
  }
}

/**
 * PostgreSQL words a foreign key violation by the side that broke it: `update or delete on table
 * "x" violates ...` (detail `... is still referenced from table "y"`) when the referenced row was
 * removed, `insert or update on table "y" violates ...` (detail `... is not present in table "x"`)
 * when the referencing row points nowhere.
 */
function isStillReferenced(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { message, detail } = e as { message?: unknown; detail?: unknown };
    if (typeof detail === 'string' && /is still referenced/.test(detail)) return true;
    if (typeof message === 'string' && /^update or delete on table/.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
