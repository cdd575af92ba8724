/**
 * A resource's own cases as rows of a table (`it.each` style): the request line, the answer, and
 * what else the case sends or is called; `fails`, `ok` and `made` spell the usual answers.
 */
import type * as v from 'valibot';
import { expect } from 'vitest';
import type { CaseExpectation, CaseRequest, ConformanceCase, Method, Role } from '../case';

export const LIMIT_TOO_LARGE = 'limit: limit must be an integer from 1 to 100';
export const ID_NOT_UUID = 'id: id must be a UUID';

/** What a row adds to its request line: the body, the case's name, a role that is no demo user's. */
export type More = Omit<CaseRequest, 'method' | 'path'> & {
  readonly name?: string;
  /** The caller, when it is not a word at the head of the request line (a set of permissions, a session). */
  readonly as?: Role;
};

/**
 * One row per case: the request line (`role METHOD path?query`, or `METHOD path?query` with
 * `more.as`), the answer, then the body, a query of other values, the name and anything else the request or case needs.
 */
export type Row = readonly [line: string, expect: CaseExpectation, more?: More];

export function table(rows: readonly Row[]): ConformanceCase[] {
  return rows.map(([line, expect, more = {}]) => {
    const words = line.split(' ');
    const role = /^[A-Z]+$/.test(words[0] ?? '') ? more.as : (words.shift() as Role);
    if (role === undefined) throw new Error(`no caller for ${line}`);
    const [method, ...rest] = words;
    const [path = '', search] = rest.join(' ').split('?');
    const { name, as: _as, ...request } = more;
    const query = search === undefined ? {} : { query: Object.fromEntries(new URLSearchParams(search)) };
    return {
      ...(name === undefined ? {} : { name }),
      role,
      request: { method: method as Method, path, ...query, ...request },
      expect,
    };
  });
}

/** A refusal: this status and message. */
export const fails = (status: number, message: string | RegExp): CaseExpectation => ({ status, message });

function answers(status: number, data: v.GenericSchema, match: unknown, check?: CaseExpectation['check']) {
  return {
    status,
    data,
    ...(match === null || match === undefined ? {} : { match }),
    ...(check ? { check } : {}),
  } satisfies CaseExpectation;
}

/** 200 with data of this schema, matching `match` (null: anything), then `check`. */
export const ok = (
  data: v.GenericSchema,
  match?: unknown,
  check?: CaseExpectation['check'],
): CaseExpectation => answers(200, data, match, check);

/** 201 with data of this schema, matching `match` (null: anything), then `check`. */
export const made = (
  data: v.GenericSchema,
  match?: unknown,
  check?: CaseExpectation['check'],
): CaseExpectation => answers(201, data, match, check);

/**
 * 200 with data of this schema whose rows, through `pick` (or their values of that field, in a
 * page), are exactly these, in order: a list's answer.
 */
export const listing =
  (data: v.GenericSchema, pick: string | ((data: unknown) => unknown)) =>
  (expected: unknown, match?: unknown): CaseExpectation =>
    ok(data, match ?? null, (answer) =>
      expect(
        typeof pick === 'string'
          ? (answer as { contents: Record<string, unknown>[] }).contents.map((row) => row[pick])
          : pick(answer),
      ).toEqual(expected),
    );

/** The `total` of a paged list's data. */
export function totalOf(data: unknown): number {
  return (data as { total: number }).total;
}

/** The rows of a paged list's data. */
export function rowsOf<T = Record<string, unknown>>(data: unknown): T[] {
  return (data as { contents: T[] }).contents;
}
