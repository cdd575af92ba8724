/**
 * Test harness for the API: a migrated database with reference data and the demo users, the app
 * built on it with an injectable clock and client address, and helpers to sign in and call it.
 * Used by the *.test.ts files under server/ (outside server/db).
 */

import { type Envelope, envelopeSchema, errorEnvelopeSchema } from '@contract/envelope';
import type { MerchantStatus } from '@contract/merchant';
import { type Permission, toPermissionMap } from '@contract/permissions';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createApp } from '../app';
import { generateSigningKeys, type SigningKeys } from '../auth/keys';
import { createLoginRateLimiter, type LoginRateLimiter, type RateLimitOptions } from '../auth/rate-limit';
import type { RevocationList } from '../auth/revocations';
import type { SsoConfig } from '../auth/sso-config';
import { createTokenService, type TokenService, type TokenSubject } from '../auth/tokens';
import type { DatabaseKind } from '../db/connect';
import { files, merchantAccounts, merchantCompliance, merchantContactPersons, merchants } from '../db/schema';
import { DEMO_USERS, type DemoUserKey } from '../db/seed/demo-users';
import type { ReferenceCatalog } from '../db/seed/reference-data';
import { seedDatabase } from '../db/seed/seed';
import type { AppEnv } from '../http/types';
import type { Logger } from '../observability/logger';
import type { LiveEventHub } from '../services/live-events';
import { createTestDatabase, madeBeforeAll, TEST_DATABASE_KINDS, type TestDatabase } from './db';

/** A clock tests move by hand. */
export interface TestClock {
  (): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-11-21T12:00:00Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (date) => {
    now = date.getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/**
 * For an app built without a database: nothing is signed out (the real list reads `revoked_tokens`
 * on the first authenticated request).
 */
export const NOTHING_REVOKED: RevocationList = {
  ready: Promise.resolve(),
  isRevoked: () => false,
  revoke: () => Promise.reject(new Error('no database to record a sign-out in')),
  refresh: () => Promise.resolve(),
};

/** Requests carry `x-test-client` to pose as different client addresses (rate limit tests). */
export const TEST_CLIENT_HEADER = 'x-test-client';

export interface TestApi {
  database: TestDatabase;
  catalog: ReferenceCatalog;
  app: Hono<AppEnv>;
  tokens: TokenService;
  keys: SigningKeys;
  clock: TestClock;
  rateLimiter: LoginRateLimiter;
  /** Signs in through the API as a demo user and returns the access token (cached per user). */
  tokenFor(user: DemoUserKey): Promise<string>;
  /** `app.request` with an optional bearer token. */
  call(path: string, init?: RequestInit & { token?: string | undefined }): Promise<Response>;
  dispose(): Promise<void>;
}

export interface TestApiOptions {
  staticDir?: string;
  /** Single sign-on settings (decision 032; server/test/openid-provider.ts starts a provider). */
  sso?: SsoConfig;
  /**
   * The app's structured log. Default silent: a suite makes thousands of requests, and a line for
   * each would bury the test output; a test of the log passes a logger over a sink it reads.
   */
  logger?: Logger;
  /** Observe the request histogram, as with METRICS_PORT set. */
  metrics?: boolean;
  rateLimit?: Omit<RateLimitOptions, 'clock'>;
  /**
   * How long a `GET /events` stream stays open. Default 0: it answers its opening lines and ends,
   * so a suite that reads every answer to its end (the fuzz) is not held open; a live-events test
   * asks for longer.
   */
  liveStreamMs?: number;
  /** The app's live event hub (default: fed by the database on PGlite, by nothing on PostgreSQL). */
  liveEvents?: LiveEventHub;
}

export async function createTestApi(kind: DatabaseKind, options: TestApiOptions = {}): Promise<TestApi> {
  const database = await createTestDatabase(kind);
  const clock = createTestClock();
  try {
    const { catalog } = await seedDatabase(database.db, { merchants: 0, now: clock() });
    const keys = generateSigningKeys();
    const tokens = await createTokenService({ keys, clock });
    const rateLimiter = createLoginRateLimiter(database.db, { ...options.rateLimit, clock });
    const app = createApp({
      db: database.db,
      databaseKind: kind,
      tokens,
      clock,
      rateLimiter,
      clientAddress: (c) => c.req.header(TEST_CLIENT_HEADER) ?? '203.0.113.1',
      ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.metrics ? { metrics: true } : {}),
      liveStreamMs: options.liveStreamMs ?? 0,
      ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
      ...(options.sso ? { sso: options.sso } : {}),
    });
    const cache = new Map<DemoUserKey, string>();
    const call: TestApi['call'] = (path, init = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
      return Promise.resolve(app.request(path, { ...rest, headers }));
    };
    return {
      database,
      catalog,
      app,
      tokens,
      keys,
      clock,
      rateLimiter,
      call,
      async tokenFor(user) {
        const cached = cache.get(user);
        if (cached) return cached;
        const response = await call(
          '/api/v1/auth/login',
          loginRequest(DEMO_USERS[user].email, DEMO_USERS[user].password, `setup-${user}`),
        );
        const body = (await response.json()) as Envelope<{ access_token: string }>;
        if (!body.success) throw new Error(`Sign-in as ${user} failed: ${body.errorMessage}`);
        cache.set(user, body.data.access_token);
        return body.data.access_token;
      },
      dispose: () => database.dispose(),
    };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

/** The demo users a suite signs in before its tests, by key: their access tokens. */
export type SignedIn = Readonly<Record<DemoUserKey, string>>;

/**
 * `describe.each(TEST_DATABASE_KINDS)` ('<name> on pglite', …) around one TestApi per kind, created
 * in a `beforeAll` that runs before the body's own hooks and disposed after the suite. `api` stands
 * for it in the body's hooks and tests (reading it outside them throws); `signed` holds the tokens
 * of the `signIn` users, signed in by that same `beforeAll`.
 */
type SuiteBody = (api: TestApi, signed: SignedIn, kind: DatabaseKind) => void;
type SuiteOptions = TestApiOptions & { signIn?: readonly DemoUserKey[] };

export function describeApi(name: string, body: SuiteBody): void;
export function describeApi(name: string, options: SuiteOptions, body: SuiteBody): void;
export function describeApi(name: string, ...args: [SuiteBody] | [SuiteOptions, SuiteBody]): void {
  const [{ signIn = [], ...options }, body] = args.length === 1 ? [{}, args[0]] : args;
  describe.each(TEST_DATABASE_KINDS)(`${name} on %s`, (kind) => {
    const api = madeBeforeAll<TestApi>(`The ${kind} test API`);
    const tokens: Partial<Record<DemoUserKey, string>> = {};
    const signed = new Proxy(tokens as SignedIn, {
      get(_, user: DemoUserKey) {
        const token = tokens[user];
        if (token === undefined) throw new Error(`${user} is not signed in: name them in signIn`);
        return token;
      },
    });
    beforeAll(async () => {
      api.make(await createTestApi(kind, options));
      for (const user of signIn) tokens[user] = await api.value.tokenFor(user);
    });
    afterAll(() => api.made()?.dispose());
    body(api.value, signed, kind);
  });
}

/**
 * A token for `user` holding exactly `permissions`, signed without a sign-in (the user need not
 * exist): e-mail `<handle>@example.com`, preferred username `<handle>`.
 */
export async function tokenWithPermissions(
  api: TestApi,
  user: { id: string; name: string; handle: string },
  permissions: readonly Permission[],
): Promise<string> {
  const { token } = await api.tokens.sign({
    id: user.id,
    email: `${user.handle}@example.com`,
    name: user.name,
    preferredUsername: user.handle,
    permissions: toPermissionMap(permissions),
  });
  return token;
}

/** The claims a token signed for `s` carries, by their names on the wire. */
export function claimsOf(s: TokenSubject) {
  return {
    sub: s.id,
    name: s.name,
    email: s.email,
    preferred_username: s.preferredUsername,
    resource_access: s.permissions,
  };
}

/** A form-encoded sign-in request, from a given client address. */
export function loginRequest(username: string, password: string, client = '203.0.113.1'): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', [TEST_CLIENT_HEADER]: client },
    body: new URLSearchParams({ username, password }).toString(),
  };
}

/**
 * Reads the body and asserts it is the contract's envelope: an error envelope for 4xx/5xx, else the
 * envelope around `data` (when given). Returns it typed as the success shape for convenience.
 */
export async function readEnvelope<S extends v.GenericSchema = v.UnknownSchema>(
  response: Response,
  data?: S,
): Promise<Envelope<v.InferOutput<S>>> {
  const json: unknown = await response.json();
  const schema = response.status >= 400 ? errorEnvelopeSchema : envelopeSchema(data ?? v.unknown());
  const parsed = v.safeParse(schema, json);
  if (!parsed.success)
    throw new Error(`Not an envelope: ${JSON.stringify(json)}: ${v.summarize(parsed.issues)}`);
  expect(parsed.output.status).toBe(response.status);
  expect(parsed.output.success).toBe(response.status < 400);
  if (parsed.output.success) expect(parsed.output.errorMessage).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return parsed.output as Envelope<v.InferOutput<S>>;
}

export interface MerchantFixture {
  code: string;
  status?: MerchantStatus;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  createdAt?: Date;
  compliance?: boolean;
  contact?: boolean;
  /** Payment method ids from the catalog. */
  accounts?: readonly string[];
}

let fixtureCounter = 0;

/** Inserts one merchant (with optional compliance, contact and accounts) and returns its id. */
export async function insertMerchant(api: TestApi, fixture: MerchantFixture): Promise<string> {
  const db = api.database.db;
  fixtureCounter += 1;
  const [row] = await db
    .insert(merchants)
    .values({
      merchantCode: fixture.code,
      status: fixture.status ?? 'PENDING',
      businessName: fixture.name === undefined ? `Business ${fixture.code}` : fixture.name,
      phoneNumber: fixture.phone ?? null,
      email: fixture.email ?? null,
      logo: null,
      website: 'https://example.com',
      industry: 'Retail',
      createdAt: fixture.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, fixtureCounter)),
    })
    .returning({ id: merchants.id });
  if (!row) throw new Error('insert failed');
  if (fixture.compliance) {
    await db.insert(merchantCompliance).values({
      merchantId: row.id,
      businessName: `Legal ${fixture.code}`,
      tin: '0012345678',
      tinCertification: `/api/v1/files/documents/${fixture.code}/tin.pdf`,
      tradeLicense: [`/api/v1/files/documents/${fixture.code}/license-1.pdf`],
      moa: null,
      addressCity: 'Addis Ababa',
      addressKebele: '07',
    });
  }
  if (fixture.contact) {
    await db.insert(merchantContactPersons).values({
      merchantId: row.id,
      firstName: 'Hana',
      lastName: 'Tesfaye',
      idType: 'Passport',
    });
  }
  for (const [index, paymentMethodId] of (fixture.accounts ?? []).entries()) {
    await db.insert(merchantAccounts).values({
      merchantId: row.id,
      paymentMethodId,
      accountNumber: `1000${index}${fixtureCounter}`,
      status: 'Success',
    });
  }
  return row.id;
}

export async function insertFile(api: TestApi, path: string, contentType: string, text: string) {
  await api.database.db.insert(files).values({ path, contentType, bytes: new TextEncoder().encode(text) });
}
