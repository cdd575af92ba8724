/**
 * Command-line options of `npm run bench:browser`; each also reads from the environment
 * (BENCH_DB, BENCH_TRANSACTIONS, ...) as `bench:api`'s do.
 */
import { parseArgs } from 'node:util';

export interface BrowserBenchOptions {
  db: 'pglite' | 'postgres';
  /** The PostgreSQL server; the bench's own database is created on it. */
  serverUrl: string;
  transactions: number;
  merchants: number;
  /** Timed tries per row, after one untimed try. */
  tries: number;
  port: number;
  /** Remove the kept database at the end. */
  drop: boolean;
  /** Only the rows whose label contains this text. */
  only: string | undefined;
}

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const USAGE = `node --import tsx bench/browser/run.ts [options]
  --db postgres|pglite    default postgres (BENCH_DATABASE_URL, default ${DEFAULT_SERVER_URL})
  --transactions N        default 1000000 (a smaller N for a quick run)
  --merchants N           default 2000
  --tries N               timed tries per row (default 30, at least 30 for the figures)
  --port N                the server's port (default 8291)
  --only TEXT             only the rows whose label contains TEXT
  --drop                  remove the bench's database at the end (it is kept to skip the seed)`;

function whole(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}, got ${raw}`);
  }
  return value;
}

export function parseBrowserOptions(argv: string[], env: NodeJS.ProcessEnv): BrowserBenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      transactions: { type: 'string' },
      merchants: { type: 'string' },
      tries: { type: 'string' },
      port: { type: 'string' },
      only: { type: 'string' },
      drop: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  const db = values.db ?? env.BENCH_DB ?? 'postgres';
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db must be postgres or pglite, got ${db}`);
  const port = whole('port', values.port, 8291, 1);
  if (port > 65_535) throw new Error(`--port must be at most 65535, got ${values.port}`);
  return {
    db,
    serverUrl: env.BENCH_DATABASE_URL || DEFAULT_SERVER_URL,
    transactions: whole('transactions', values.transactions ?? env.BENCH_TRANSACTIONS, 1_000_000, 1),
    merchants: whole('merchants', values.merchants ?? env.BENCH_MERCHANTS, 2000, 1),
    tries: whole('tries', values.tries ?? env.BENCH_TRIES, 30, 1),
    port,
    drop: values.drop ?? false,
    only: values.only || undefined,
  };
}
