import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import { listenForRevocations, type RevocationListener } from './revocation-listener';
import { createRevocationList, type RevocationList } from './revocations';

const HOUR = 3600_000;
const USER = '00000000-0000-4000-8000-0000000000bb';

/** Polls `check` every 10 ms until it holds or `ms` pass; resolves to whether it held. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const postgresOnly = TEST_DATABASE_KINDS.includes('postgres') ? describe : describe.skip;

postgresOnly('revocation listener on postgres', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const listeners: RevocationListener[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.stop()));
    await admin?.end();
    await database?.dispose();
  });

  const listeningBackends = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and query = 'LISTEN revoked_tokens' and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);

  const start = (list: RevocationList, log: (message: string) => void = () => {}) => {
    const listener = listenForRevocations({ connectionString: database.url ?? '', list, retryMs: 100, log });
    listeners.push(listener);
    return listener;
  };

  it('a process that listens refuses a token signed out elsewhere at once; one that only refreshes does not yet', async () => {
    const here = createRevocationList(database.db);
    const listening = createRevocationList(database.db);
    const refreshingOnly = createRevocationList(database.db);
    await Promise.all([here.ready, listening.ready, refreshingOnly.ready]);
    await start(listening).listening;

    const jti = randomUUID();
    await here.revoke({ jti, userId: USER, expiresAt: new Date(Date.now() + HOUR) });
    expect(await within(2000, () => listening.isRevoked(jti))).toBe(true);
    expect(refreshingOnly.isRevoked(jti)).toBe(false);
  });

  it('reconnects after its connection is cut, and catches up on what was signed out meanwhile', async () => {
    const here = createRevocationList(database.db);
    const listening = createRevocationList(database.db);
    await Promise.all([here.ready, listening.ready]);
    const logged: string[] = [];
    await start(listening, (message) => logged.push(message)).listening;
    const [before] = await listeningBackends();
    expect(before).toBeDefined();

    // Every listener's connection is cut; a sign-out lands before any has reconnected.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN revoked_tokens'`,
    );
    const during = randomUUID();
    await here.revoke({ jti: during, userId: USER, expiresAt: new Date(Date.now() + HOUR) });
    expect(await within(3000, () => listening.isRevoked(during))).toBe(true);
    expect(logged.some((message) => message.startsWith('listening for sign-outs stopped'))).toBe(true);

    const after = randomUUID();
    expect(await within(3000, async () => (await listeningBackends()).some((pid) => pid !== before))).toBe(
      true,
    );
    await here.revoke({ jti: after, userId: USER, expiresAt: new Date(Date.now() + HOUR) });
    expect(await within(2000, () => listening.isRevoked(after))).toBe(true);
  });

  it('keeps trying while the database refuses it, and stop() ends it for good', async () => {
    const list = createRevocationList(database.db);
    await list.ready;
    const logged: string[] = [];
    const refused = listenForRevocations({
      connectionString: (database.url ?? '').replace(/\/[^/]+$/, '/no_such_database_here'),
      list,
      retryMs: 50,
      log: (message) => logged.push(message),
    });
    expect(await within(2000, () => logged.length >= 2)).toBe(true);
    expect(logged[0]).toMatch(/^listening for sign-outs failed: .*no_such_database_here/);
    await refused.stop();
    const count = logged.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toHaveLength(count);

    const before = (await listeningBackends()).length;
    const stopping = start(list);
    await stopping.listening;
    expect(await listeningBackends()).toHaveLength(before + 1);
    await stopping.stop();
    expect(await within(2000, async () => (await listeningBackends()).length === before)).toBe(true);
  });
});
