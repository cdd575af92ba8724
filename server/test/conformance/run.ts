/**
 * Runs the conformance cases against one side (the server or the mocks): each resource's cases in
 * order, on a fresh state per resource. See ./case.ts.
 */
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { envelopeSchema, errorEnvelopeSchema } from '@contract/envelope';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseContext,
  type ConformanceCase,
  caseTitle,
  type DemoRole,
  type ResourceCases,
  type Role,
} from './case';
import { createResolver } from './resolve';

export const API_ORIGIN = 'http://localhost';

export interface Side {
  readonly name: 'server' | 'mocks';
  /** A fresh state: the seeded demo data with nothing written, and no token signed out. */
  fresh(): Promise<void>;
  /** A token of a demo user, the same one for the whole suite (as a console session keeps one). */
  demoToken(role: DemoRole): Promise<string>;
  /** A token of a signed-in user holding exactly these permission names. */
  tokenWith(permissions: Extract<Role, { permissions: unknown }>['permissions']): Promise<string>;
  /** Answers a request to `${API_ORIGIN}/api/v1/...`. */
  fetch(url: string, init: RequestInit): Promise<Response>;
}

function decodeSubject(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const json = Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return (JSON.parse(json) as { sub: string }).sub;
}

/** Tokens of one suite: demo users' from the side, named sessions signed in through the API. */
function createTokens(side: Side) {
  const sessions = new Map<string, string>();
  async function signIn(): Promise<string> {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const response = await side.fetch(`${API_ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password }).toString(),
    });
    const body = (await response.json()) as { data: { access_token: string } | null };
    if (!body.data) throw new Error(`sign-in failed with ${response.status}`);
    return body.data.access_token;
  }
  return async (role: Role): Promise<string | undefined> => {
    if (role === 'none') return undefined;
    if (role === 'nobody') return side.tokenWith([]);
    if (typeof role === 'string') return side.demoToken(role);
    if ('permissions' in role) return side.tokenWith(role.permissions);
    const existing = sessions.get(role.session);
    if (existing) return existing;
    const token = await signIn();
    sessions.set(role.session, token);
    return token;
  };
}

async function requestOf(c: ConformanceCase, context: CaseContext): Promise<[string, RequestInit]> {
  const { method, path, query, body, form, contentType } = c.request;
  const resolvedQuery = query ? await context.resolve(query) : undefined;
  const search = resolvedQuery ? `?${new URLSearchParams(resolvedQuery)}` : '';
  const url = `${API_ORIGIN}/api/v1/${await context.resolve(path)}${search}`;
  const headers = new Headers();
  let sent: string | undefined;
  if (form) {
    sent = new URLSearchParams(await context.resolve(form)).toString();
    headers.set('Content-Type', contentType ?? 'application/x-www-form-urlencoded');
  } else if (body !== undefined) {
    const resolved = await context.resolve(body);
    sent = typeof resolved === 'string' && contentType ? resolved : JSON.stringify(resolved);
    headers.set('Content-Type', contentType ?? 'application/json');
  } else if (contentType) {
    headers.set('Content-Type', contentType);
  }
  return [url, { method, headers, ...(sent === undefined ? {} : { body: sent }) }];
}

async function runCase(
  side: Side,
  tokenOf: (role: Role) => Promise<string | undefined>,
  context: CaseContext,
  c: ConformanceCase,
): Promise<void> {
  const [url, init] = await requestOf(c, context);
  const token = await tokenOf(c.role);
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await side.fetch(url, { ...init, headers });
  const expected = c.expect;

  if (expected.contentType !== undefined && response.status < 400) {
    expect(response.status).toBe(expected.status);
    expect(response.headers.get('content-type')).toMatch(expected.contentType);
    await expected.text?.(await response.text(), response.headers, context);
    return;
  }

  const json = (await response.json()) as { errorMessage?: unknown; data?: unknown };
  const message =
    expected.message === undefined
      ? expected.status >= 400
        ? expect.any(String)
        : null
      : typeof expected.message === 'string'
        ? expected.message
        : expect.stringMatching(expected.message);
  // Status and message together, so a wrong status shows the message that came with it.
  expect({ status: response.status, message: json.errorMessage ?? null }).toEqual({
    status: expected.status,
    message,
  });
  const schema = response.status >= 400 ? errorEnvelopeSchema : envelopeSchema(expected.data ?? v.unknown());
  const envelope = v.safeParse(schema, json);
  if (!envelope.success)
    throw new Error(`Not the contract's envelope: ${v.summarize(envelope.issues)}\n${JSON.stringify(json)}`);
  expect(envelope.output.status).toBe(response.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  if (expected.match !== undefined)
    expect(json.data).toMatchObject((await context.resolve(expected.match)) as object);
  await expected.check?.(json.data, context);
}

/**
 * Declares one describe per resource, its cases as tests in order. CONFORMANCE_RESOURCES (a comma
 * list, e.g. `charges,currencies`) runs only those resources' cases, for a quicker loop.
 */
export function describeConformance(side: Side, suites: readonly ResourceCases[]): void {
  const only = process.env.CONFORMANCE_RESOURCES?.split(',').map((r) => r.trim());
  for (const suite of suites) {
    if (only && !only.includes(suite.resource)) continue;
    describe(suite.resource, () => {
      let tokenOf: (role: Role) => Promise<string | undefined>;
      let context: CaseContext;
      beforeAll(async () => {
        await side.fresh();
        tokenOf = createTokens(side);
        const get = async (path: string) => {
          const token = await side.demoToken('admin');
          const response = await side.fetch(`${API_ORIGIN}/api/v1/${path}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          const body = (await response.json()) as { data: unknown; errorMessage: string | null };
          if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.errorMessage}`);
          return body.data;
        };
        context = createResolver(get, async (key) => decodeSubject(await side.demoToken(key as DemoRole)));
      });
      suite.cases.forEach((c, index) => {
        const title = caseTitle(c, index);
        it(title, () => runCase(side, (role) => tokenOf(role), context, c));
      });
    });
  }
}
