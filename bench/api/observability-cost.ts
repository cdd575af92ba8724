/**
 * What the request log and the metrics cost per request (docs/performance.md, "Logging and
 * metrics"): the same app built twice on the same database, once silent and without metrics (as
 * tests build it) and once as `npm start` runs it with METRICS_PORT set (a JSON line per request
 * written to a file descriptor, the duration histogram observed), taking turns request by request.
 */
import { openSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { API_BASE, createApp } from '../../server/app';
import type { TokenService } from '../../server/auth/tokens';
import type { DatabaseHandle } from '../../server/db/connect';
import { createLogger } from '../../server/observability/logger';
import { socketGetter } from './socket-client';
import { markdownTable, type Summary, summarize, table } from './stats';

const ROUTES = [
  { label: 'GET /health/live (no database)', path: '/health/live' },
  { label: 'GET /merchants?page=1&limit=10', path: '/merchants?page=1&limit=10' },
];

async function listen(app: ReturnType<typeof createApp>) {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function printObservabilityCost(options: {
  handle: DatabaseHandle;
  tokens: TokenService;
  token: string;
  samples: number;
  warmup: number;
}): Promise<void> {
  const { handle, tokens } = options;
  // /dev/null through the writer pino gives stdout by default (synchronous writes): the serialising
  // and a write call per line are paid, as in production, without a terminal or a pipe's reader
  // setting the pace.
  const destination = pino.destination({ fd: openSync('/dev/null', 'w'), sync: true });
  const plain = await listen(createApp({ db: handle.db, databaseKind: handle.kind, tokens }));
  const observed = await listen(
    createApp({
      db: handle.db,
      databaseKind: handle.kind,
      tokens,
      logger: createLogger({ level: 'info', destination }),
      metrics: true,
    }),
  );
  const client = socketGetter();
  const headers = { Authorization: `Bearer ${options.token}` };
  const rows: string[][] = [];
  try {
    for (const route of ROUTES) {
      const samples = { plain: [] as number[], observed: [] as number[] };
      for (let i = 0; i < options.warmup + options.samples; i++) {
        const order = i % 2 ? (['plain', 'observed'] as const) : (['observed', 'plain'] as const);
        for (const side of order) {
          const base = side === 'plain' ? plain.base : observed.base;
          const t = performance.now();
          const status = await client.get(`${base}${route.path}`, headers);
          const elapsed = performance.now() - t;
          if (status !== 200) throw new Error(`${route.path}: HTTP ${status}`);
          if (i >= options.warmup) samples[side].push(elapsed);
        }
      }
      const a: Summary = summarize(samples.plain);
      const b: Summary = summarize(samples.observed);
      const us = (value: number) => (value * 1000).toFixed(0);
      rows.push([
        route.label,
        us(a.p50),
        us(a.p95),
        us(b.p50),
        us(b.p95),
        us(b.p50 - a.p50),
        (b.p95 / a.p95).toFixed(3),
      ]);
    }
  } finally {
    client.close();
    await Promise.all([plain.close(), observed.close()]);
    destination.flushSync();
  }
  const header = [
    'route',
    'without p50',
    'without p95',
    'with p50',
    'with p95',
    'with-without p50',
    'p95 with/without',
  ];
  console.log(
    `\nLogging and metrics, per request (µs; ${options.warmup} warm-up + ${options.samples} samples per side, ` +
      'taking turns): without = silent log, no metrics; with = a JSON line per request and the histogram:\n',
  );
  console.log(table(header, rows));
  console.log(`\nMarkdown:\n\n${markdownTable(header, rows)}`);
}
