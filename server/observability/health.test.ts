import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_SERVER_ERRORS } from '@contract/messages';
import { livenessSchema, READINESS_ERRORS, readinessSchema } from '@contract/operations/service';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService, type TokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { describeApi, NOTHING_REVOKED, readEnvelope } from '../test/api';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';

const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

describeApi('GET /health/live and /health/ready', (api, _signed, kind) => {
  it('live answers without touching the database; ready reports the database and its migrations', async () => {
    const live = await api.call('/api/v1/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect((await readEnvelope(live, livenessSchema)).data).toEqual({ ok: true });

    const ready = await api.call('/api/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await readEnvelope(ready, readinessSchema)).data).toEqual({
      ok: true,
      database: kind,
      migrations: SHIPPED_MIGRATIONS,
    });
  });

  it('keeps GET /health as it was', async () => {
    const response = await api.call('/api/v1/health');
    expect(response.status).toBe(200);
    expect((await readEnvelope(response)).data).toEqual({ ok: true, database: kind });
  });

  it('ready answers 503 once the server is shutting down, live still 200', async () => {
    let stopping = false;
    const app = createApp({
      db: api.database.db,
      tokens: api.tokens,
      revocations: NOTHING_REVOKED,
      isShuttingDown: () => stopping,
    });
    expect((await app.request('/api/v1/health/ready')).status).toBe(200);
    stopping = true;
    const ready = await app.request('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect((await readEnvelope(ready)).errorMessage).toBe(READINESS_ERRORS.shuttingDown);
    expect((await app.request('/api/v1/health/live')).status).toBe(200);
  });
});

describe.each(TEST_DATABASE_KINDS)('readiness of a database behind on migrations, on %s', (kind) => {
  let database: TestDatabase;
  let tokens: TokenService;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    tokens = await createTokenService({ keys: generateSigningKeys() });
  });
  afterAll(() => database.dispose());

  const ready = () =>
    createApp({ db: database.db, tokens, revocations: NOTHING_REVOKED }).request('/api/v1/health/ready');

  it('answers 503 while the newest migration is not recorded, and when none ever ran', async () => {
    expect((await ready()).status).toBe(200);
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await ready();
    expect(behind.status).toBe(503);
    expect((await readEnvelope(behind)).errorMessage).toBe(READINESS_ERRORS.migrationsPending);

    await database.db.execute(sql`drop schema drizzle cascade`);
    const never = await ready();
    expect(never.status).toBe(503);
    expect((await readEnvelope(never)).errorMessage).toBe(READINESS_ERRORS.migrationsPending);
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database does not answer; liveness does not ask it', async () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error('connection refused');
        },
      },
    ) as Database;
    const tokens = await createTokenService({ keys: generateSigningKeys() });
    const app = createApp({ db: broken, tokens, revocations: NOTHING_REVOKED });
    const ready = await app.request('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect((await readEnvelope(ready)).errorMessage).toBe(API_SERVER_ERRORS.databaseUnavailable);
    expect((await app.request('/api/v1/health/live')).status).toBe(200);
  });
});
