/**
 * Conformance cases: one request, who sends it and the answer the contract promises, run alike
 * against the reference server (server.test.ts) and the MSW mocks (mocks.test.ts), so the mocks
 * the console's tests use cannot drift from the server they stand in for.
 *
 * The cases of a resource run in order on one fresh state (the seeded demo catalogue, demo users,
 * a few merchants and transactions), so a case may rely on what an earlier one wrote. Records are
 * named, not numbered: `{currency:ETB}` in a path, query value or body string is the id of the
 * record the API lists under that name on the side under test (./resolve.ts).
 */
import type { Permission } from '@contract/permissions';
import type * as v from 'valibot';

/** A demo user (contract/demo/users.ts), a signed-in user holding no permission, or no token at all. */
export type DemoRole = 'admin' | 'support' | 'finance';
export type Role =
  | DemoRole
  | 'nobody'
  | 'none'
  /** A signed-in user holding exactly these permissions. */
  | { readonly permissions: readonly Permission[] }
  /** The admin signed in through POST auth/login, once per name and suite (a session to sign out). */
  | { readonly session: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CaseRequest {
  readonly method: Method;
  /** Under /api/v1/, without the leading slash; may hold `{kind:key}` references. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as JSON (Content-Type: application/json) unless `form` or `contentType` says otherwise. */
  readonly body?: unknown;
  /** Sent form-encoded (sign-in). */
  readonly form?: Readonly<Record<string, string>>;
  /** Overrides the content type; with a string `body`, the body is sent as it is. */
  readonly contentType?: string;
}

export interface CaseContext {
  /** Resolves `{kind:key}` references in a string, object or array (as ./resolve.ts does for requests). */
  resolve<T>(value: T): Promise<T>;
  /** A GET as the admin, answering the envelope's data. */
  get(path: string): Promise<unknown>;
}

export interface CaseExpectation {
  readonly status: number;
  /** The success envelope's `data` must parse with this contract schema. */
  readonly data?: v.GenericSchema;
  /** The error envelope's message: exactly this string, or matching this pattern. */
  readonly message?: string | RegExp;
  /** `data` must match this (toMatchObject); `{kind:key}` references are resolved first. */
  readonly match?: unknown;
  /** Further assertions on `data`. */
  readonly check?: (data: unknown, context: CaseContext) => void | Promise<void>;
  /** A non-JSON answer (an export, a file): its content type, then checks on the text. */
  readonly contentType?: string | RegExp;
  readonly text?: (text: string, headers: Headers, context: CaseContext) => void | Promise<void>;
}

export interface ConformanceCase {
  /** Optional: what the case shows beyond its request and answer. */
  readonly name?: string;
  readonly role: Role;
  readonly request: CaseRequest;
  readonly expect: CaseExpectation;
}

export interface ResourceCases {
  readonly resource: string;
  readonly cases: readonly ConformanceCase[];
}

/** An id no record has. */
export const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

export function roleName(role: Role): string {
  if (typeof role === 'string') return role;
  if ('session' in role) return `session ${role.session}`;
  return `holding ${role.permissions.map((p) => p.name).join(', ') || 'nothing'}`;
}

export function caseTitle(c: ConformanceCase, index: number): string {
  const query = c.request.query ? `?${new URLSearchParams(c.request.query)}` : '';
  const answer = `${c.expect.status}${typeof c.expect.message === 'string' ? ` '${c.expect.message}'` : ''}`;
  const title = `${String(index + 1).padStart(3, '0')} ${c.request.method} ${c.request.path}${query} as ${roleName(c.role)} -> ${answer}`;
  return c.name ? `${title}: ${c.name}` : title;
}
