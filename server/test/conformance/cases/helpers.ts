/**
 * Case builders: the standard cases every operation has (401 without a token, 403 for a role without
 * the permission, 400 for a malformed id, 404 for an unknown one, a list's paging) generated from the
 * operation's declaration (contract/operations). The resource's own cases are rows of a table
 * (./table.ts), so a case file states only what is particular to its resource.
 */
import { API_ERRORS, VALIDATION } from '@contract/messages';
import { type Operation, pathPattern } from '@contract/operations/define';
import type { Permission } from '@contract/permissions';
import {
  type CaseExpectation,
  type CaseRequest,
  type ConformanceCase,
  type Method,
  type Role,
  UNKNOWN_ID,
} from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE } from './table';

/** What a case sends beyond the operation's method and path: the `{id}` it names, a query, a body. */
export interface Call {
  /** The path the request sends, when it names a record by reference (`charges/{charge:Refund fee}`). */
  readonly at?: string;
  readonly id?: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** The request of an operation: its method, its path (under /api/v1/) with `{id}` filled in. */
export function requestOf(operation: Operation, { at, id, query, body }: Call = {}): CaseRequest {
  const path = at ?? operation.path.slice(1).replace('{id}', id ?? '{id}');
  if (!pathPattern(operation.path).test(`/${path.replace(/\{[a-z-]+:[^}]+\}/g, 'ref')}`))
    throw new Error(`${path} is no path of ${operation.method} ${operation.path}`);
  return {
    method: operation.method.toUpperCase() as Method,
    path,
    ...(query ? { query } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

/** 401 without a token and, when `refused` lacks the permission, 403 for them: every operation's first cases. */
export function refusalCases(
  operation: Operation,
  call: Call & { readonly refused: Role | null },
): ConformanceCase[] {
  return refusals(requestOf(operation, call), call.refused);
}

/** 401 without a token and, when someone lacks the permission, 403 for them, for a request of its own. */
export function refusals(request: CaseRequest, forbidden: Role | null): ConformanceCase[] {
  const refused = (role: Role, status: number, message: string): ConformanceCase => ({
    role,
    request,
    expect: { status, message },
  });
  const cases = [refused('none', 401, API_ERRORS.unauthenticated)];
  if (forbidden) cases.push(refused(forbidden, 403, API_ERRORS.forbidden));
  return cases;
}

/** 400 naming the id, for an `{id}` that is no UUID (the admin asks). */
export function malformedIdCases(
  operation: Operation,
  call: Omit<Call, 'id' | 'at'> = {},
): ConformanceCase[] {
  return [
    {
      role: 'admin',
      request: requestOf(operation, { ...call, id: 'nope' }),
      expect: { status: 400, message: ID_NOT_UUID },
    },
  ];
}

/** 404 with the resource's message, for an id no record has (the admin asks). */
export function unknownIdCases(
  operation: Operation,
  call: Omit<Call, 'id' | 'at'> & { readonly message: string },
): ConformanceCase[] {
  return [
    {
      role: 'admin',
      request: requestOf(operation, { ...call, id: UNKNOWN_ID }),
      expect: { status: 404, message: call.message },
    },
  ];
}

/** The refusals, then the malformed and the unknown id: an `{id}` operation's standard cases. */
export function itemCases(
  operation: Operation,
  call: Call & { readonly refused: Role | null; readonly message: string },
): ConformanceCase[] {
  const { id: _id, at: _at, ...rest } = call;
  return [
    ...refusalCases(operation, call),
    ...malformedIdCases(operation, rest),
    ...unknownIdCases(operation, rest),
  ];
}

/** 400 naming the command, for a `?command=` the operation's query does not list (the admin asks). */
export function unknownCommandCases(
  operation: Operation,
  { at, command }: { readonly at: string; readonly command: string },
): ConformanceCase[] {
  const query = operation.query as
    | { entries?: { command?: { options?: [string, ...string[]] } } }
    | undefined;
  const options = query?.entries?.command?.options;
  if (!options) throw new Error(`${operation.method} ${operation.path} takes no command`);
  return [
    {
      role: 'admin',
      request: requestOf(operation, { at, query: { command } }),
      expect: { status: 400, message: `command: ${API_ERRORS.queryEnum('command', options)}` },
    },
  ];
}

/**
 * The operation's second permission (`alsoPermitted`) alone: `answer` (its list, named after it unless
 * `name` says otherwise); and `denied` alone: 403.
 */
export function alsoPermittedCases(
  operation: Operation,
  options: Call & { readonly answer: CaseExpectation; readonly denied: Permission; readonly name?: string },
): ConformanceCase[] {
  const also = operation.alsoPermitted;
  if (!also) throw new Error(`${operation.method} ${operation.path} has no second permission`);
  return [
    {
      name: options.name ?? `${also.permission.name} alone lists them`,
      role: { permissions: [also.permission] },
      request: requestOf(operation, options),
      expect: options.answer,
    },
    {
      name: `${options.denied.name} does not`,
      role: { permissions: [options.denied] },
      request: requestOf(operation, { at: options.at, id: options.id }),
      expect: { status: 403, message: API_ERRORS.forbidden },
    },
  ];
}

/** The refusals, then a limit above 100 and any other malformed query values (query -> message). */
export function listCases(
  operation: Operation,
  options: Call & {
    readonly refused: Role | null;
    readonly invalid?: readonly (readonly [Record<string, string>, string])[];
  },
): ConformanceCase[] {
  const invalid = [[{ limit: '500' }, LIMIT_TOO_LARGE] as const, ...(options.invalid ?? [])];
  return [
    ...refusalCases(operation, options),
    ...invalid.map(
      ([query, message]): ConformanceCase => ({
        role: 'admin',
        request: requestOf(operation, { ...options, query }),
        expect: { status: 400, message },
      }),
    ),
  ];
}

/** Free-text query values: the only query values that are not an enum, a number, a date or an id. */
const TEXT_QUERY_FIELDS = ['search_term', 'reference'] as const;

/** The sign-in form's fields and the labels its messages use. */
const FORM_LABELS: Readonly<Record<string, string>> = { username: 'Username', password: 'Password' };

/** valibot schemas that wrap a root schema (an optional body, a nullable one). */
const WRAPPERS = new Set(['optional', 'nullable', 'nullish']);

/** The JSON kind a declared body's root takes, and whether it may be null. */
function bodyKind(schema: { type: string; wrapped?: unknown }): { kind: string; nullable: boolean } {
  let root = schema;
  let nullable = false;
  while (WRAPPERS.has(root.type) && root.wrapped) {
    nullable ||= root.type !== 'optional';
    root = root.wrapped as typeof schema;
  }
  return { kind: root.type, nullable };
}

/**
 * What no operation may take, generated from every declaration (issue 18), so each new operation is
 * held to it: a JSON body of the wrong kind (null, an array, a string, a number where an object is
 * declared; an object, null or a string where a list is, answered with the list's own message) is one 400 message; a NUL or a line break
 * in a free-text query value (`search_term`, `reference`), a NUL in the sign-in form and in a stored
 * file's `{path}` are a 400 naming the field. The admin asks (or nobody, where the operation is
 * public), with a valid `{id}` and `?command=`, so the refusal is the malformed input's.
 */
export function malformedInputCases(operations: readonly Operation[]): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  const control = (field: string) => `${field}: ${VALIDATION.common.controlCharacters(field)}`;
  for (const operation of operations) {
    // Platform operations take an API key, which no case role holds: their input refusals are the
    // same checkInput's, tested with a key in server/routes/platform.test.ts.
    if (operation.platform) continue;
    const role: Role = operation.public ? 'none' : 'admin';
    const entries = (operation.query as { entries?: Record<string, { options?: string[] }> } | undefined)
      ?.entries;
    const command = entries?.command?.options?.[0];
    const query = command ? { command } : undefined;
    const path = operation.path.slice(1).replace('{id}', UNKNOWN_ID);
    const refused = (request: Omit<CaseRequest, 'method' | 'path'>, message: string, at = path) =>
      cases.push({
        role,
        request: {
          method: operation.method.toUpperCase() as Method,
          path: at,
          ...(query ? { query } : {}),
          ...request,
        },
        expect: { status: 400, message },
      });

    for (const field of TEXT_QUERY_FIELDS) {
      if (!entries?.[field]) continue;
      refused({ query: { [field]: 'EX\u0000001' } }, control(field));
      refused({ query: { [field]: 'EX\n001' } }, control(field));
    }
    if (operation.path.includes('{path}'))
      refused({}, control('path'), operation.path.slice(1).replace('{path}', 'M000001%00.svg'));

    const body = operation.body;
    if (body?.form) {
      const fields = Object.keys((body.schema as { entries?: object }).entries ?? {});
      const form = Object.fromEntries(fields.map((name) => [name, 'x']));
      for (const [field, label] of Object.entries(FORM_LABELS)) {
        if (!fields.includes(field)) continue;
        const message = `${field}: ${VALIDATION.common.controlCharacters(label)}`;
        refused({ form: { ...form, [field]: 'admin\u0000@example.com' } }, message);
      }
    } else if (body) {
      const { kind, nullable } = bodyKind(body.schema as { type: string; wrapped?: unknown });
      // A declared list answers a body that is no array with its own message (the schema's).
      const listMessage = (body.schema as { message?: string }).message;
      if (kind === 'array' && !listMessage)
        throw new Error(`${operation.method} ${operation.path}: a declared list needs its own message`);
      const wrong =
        kind === 'array'
          ? ([
              [{}, listMessage ?? ''],
              [null, listMessage ?? ''],
              ['mappings', listMessage ?? ''],
            ] as const)
          : ([
              ...(nullable ? [] : ([[null, API_ERRORS.bodyObject]] as const)),
              [[], API_ERRORS.bodyObject],
              [[{ name: 'x' }], API_ERRORS.bodyObject],
              ['charge', API_ERRORS.bodyObject],
              [7, API_ERRORS.bodyObject],
            ] as const);
      for (const [sent, message] of wrong) refused({ body: sent }, message);
    }
  }
  return cases;
}
