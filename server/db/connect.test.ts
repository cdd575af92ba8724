import { describe, expect, it } from 'vitest';
import { NEEDS_POSTGRES, TEST_DATABASE_URL } from '../test/multi-instance/postgres';
import { openDatabase, queryRows } from './connect';

const title = TEST_DATABASE_URL ? 'on PostgreSQL' : `skipped: ${NEEDS_POSTGRES}`;

describe.skipIf(!TEST_DATABASE_URL)(`the PostgreSQL pool (${title})`, () => {
  it('turns JIT compilation off on every connection it opens, whatever the server defaults to', async () => {
    // The SET must finish before the connection's first query: pg warns (and pg 9 will refuse) when
    // a second query is sent to a client still running one.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, poolSize: 3 });
    try {
      // Three at once, so the pool opens three connections (each holds one until it answers).
      const rows = await Promise.all(
        [1, 2, 3].map(() =>
          queryRows<{ jit: string; pid: number }>(
            handle.db,
            `select current_setting('jit') as jit, pg_backend_pid() as pid from pg_sleep(0.2)`,
          ),
        ),
      );
      const answers = rows.map(([row]) => row);
      expect(new Set(answers.map((row) => row?.pid)).size).toBe(3);
      expect(answers.map((row) => row?.jit)).toEqual(['off', 'off', 'off']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await handle.close();
    }
  });
});
