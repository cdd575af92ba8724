/**
 * What the catalogue routers share: the paged list answer, the 404 for an id that names nothing,
 * and an edit whose change is recorded in the same transaction (the History tabs, spec §2).
 */
import {
  type ChangeAction,
  type ChangeSubject,
  type ChangeSubjectSpec,
  changeOf,
} from '@contract/change-history';
import { type Paged, totalPages } from '@contract/envelope';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/connect';
import { recordChange } from '../db/queries/change-history';
import { isUniqueViolation } from '../db/sql';
import { ApiError } from '../http/envelope';

/** A list query's page and total as the envelope answers them, with the page count for the asked limit. */
export async function pageOf<T>(
  listing: Promise<{ contents: T[]; total: number }>,
  { limit }: { readonly limit: number },
): Promise<Paged<T>> {
  const { contents, total } = await listing;
  return { contents, total, total_pages: totalPages(total, limit) };
}

/** The record (or the record a lookup answers), or 404 with the resource's not-found message. */
export async function found<T>(
  record: T | PromiseLike<T>,
  notFound: string,
): Promise<NonNullable<Awaited<T>>> {
  const value = await record;
  if (value === null || value === undefined) throw new ApiError(404, notFound);
  return value;
}

/**
 * A concurrent write of a unique value passes the pre-check; the unique index still refuses it, and
 * that refusal is answered with the pre-check's 409 (`message`). Other errors pass through.
 */
export function uniqueViolationAs409(message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError(409, message);
    throw error;
  };
}

/** Who changes a record, in which transaction, at which clock reading. */
export interface ChangeStamp {
  readonly tx: Executor;
  readonly actor: Actor;
  readonly now: Date;
}

/**
 * Reads the record, runs `write` (which may refuse by throwing), reads the record again and records
 * the change between the two reads, all in the stamp's transaction. Answers the record as written,
 * or undefined when it is not there.
 */
export async function editRecorded<T extends { id: string }, S extends ChangeSubject>(
  { tx, actor, now }: ChangeStamp,
  spec: ChangeSubjectSpec<T, S>,
  action: ChangeAction,
  read: () => Promise<T | undefined>,
  write: () => Promise<unknown>,
): Promise<T | undefined> {
  const before = await read();
  await write();
  const after = await read();
  if (before && after) await recordChange(tx, actor, now, changeOf(spec, action, before, after));
  return after;
}

/**
 * Creates a record in one transaction and records its creation, stamped with the clock reading the
 * record is written with. `insert` checks what it must (refusing by throwing) and answers the record.
 */
export function insertRecorded<T extends { id: string }, S extends ChangeSubject>(
  db: Database,
  actor: Actor,
  clock: () => Date,
  spec: ChangeSubjectSpec<T, S>,
  insert: (tx: Executor, now: Date) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const now = clock();
    const record = await insert(tx, now);
    await recordChange(tx, actor, now, changeOf(spec, 'CREATE', null, record));
    return record;
  });
}
