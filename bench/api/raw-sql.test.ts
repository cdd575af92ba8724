/**
 * What the bare server replays is what the handler sends for a request, not the token's
 * bookkeeping that a real request pays once in thousands (the revocation list's first load, "last
 * seen" written once a minute a session): replayed on every request, that would flatter the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../server/app';
import { seedDemoUsers } from '../../server/db/seed/demo-users';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../server/test/db';
import { type BenchApp, startBenchApp } from './bench-app';
import { sqlCapture } from './raw-sql';

describe.each(TEST_DATABASE_KINDS)('sqlCapture on %s', (kind) => {
  let t: TestDatabase;
  let app: BenchApp;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoUsers(t.db);
    app = await startBenchApp(t);
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  it('captures the handler’s statements only, on the first call too', async () => {
    const capture = sqlCapture(t, app.tokens);
    for (const path of ['/currencies', '/gl-accounts', '/currencies']) {
      const statements = await capture.capture(`${API_BASE}${path}`, app.token);
      const text = statements.map((statement) => statement.sql).join('\n');
      expect(text, path).not.toMatch(/revoked_tokens|"sessions"/);
      expect(text, path).toMatch(path === '/currencies' ? /"currencies"/ : /"gl_accounts"/);
    }
  });
});
