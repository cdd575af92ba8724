/**
 * Prometheus metrics (prom-client), in one registry of this process, served on METRICS_PORT by
 * ./metrics-server.ts (server/config.ts). Counters are module-level so the few places that count
 * (the request log, the payout decision, the ledger store) need no wiring; with METRICS_PORT unset
 * nothing is served and the request histogram is not recorded (createApp's `metrics` option).
 *
 * Names and labels (docs/operations.md lists them for operators):
 *   http_request_duration_seconds{method,route,status}  histogram; `route` is the declared path
 *                                                      (/api/v1/merchants/{id}), never the URL
 *   sign_in_failures_total{reason}                     POST /auth/login refused (401) or limited (429)
 *   payout_decisions_total{command,outcome}            approve|reject; applied, not_pending, refused
 *   ledger_postings_total{event_type}                  journals written, by ledger event
 *   db_pool_connections{state}                         total, idle, waiting (node-postgres pool)
 *   db_pool_max_connections                            the pool's size
 * plus Node's process metrics (heap, event loop lag, GC) once the metrics port is opened.
 */
import type { PayoutCommand } from '@contract/transaction';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/connect';

export const metricsRegistry = new Registry();

/**
 * From a millisecond to ten seconds: the API's lists answer in a few milliseconds (docs/
 * performance.md), so the low buckets carry the detail and the top ones catch the stalls.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to its response (headers and body built), by declared route.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const signInFailures = new Counter({
  name: 'sign_in_failures_total',
  help: 'Sign-ins refused: wrong e-mail or password (refused) or too many attempts (rate_limited).',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export type PayoutOutcome = 'applied' | 'not_pending' | 'refused';

const payoutDecisions = new Counter({
  name: 'payout_decisions_total',
  help: 'Payout decisions by command and outcome: applied (committed), not_pending (409, nothing written), refused (409: no account mapping or the gateway cannot cover).',
  labelNames: ['command', 'outcome'] as const,
  registers: [metricsRegistry],
});

export function countPayoutDecision(command: PayoutCommand, outcome: PayoutOutcome): void {
  payoutDecisions.inc({ command, outcome });
}

const ledgerPostings = new Counter({
  name: 'ledger_postings_total',
  help: 'Journals written to the general ledger, by event type (counted as written inside their database transaction).',
  labelNames: ['event_type'] as const,
  registers: [metricsRegistry],
});

export function countLedgerPosting(eventType: string): void {
  ledgerPostings.inc({ event_type: eventType });
}

/** What the pool gauges read at each scrape; undefined until a database is observed. */
let poolSource: (() => PoolUse) | undefined;

interface PoolUse {
  total: number;
  max: number;
  /** Absent where the database cannot tell (PGlite). */
  idle?: number;
  waiting?: number;
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Database connections by state: total open, idle, and requests waiting for one. The embedded database (PGlite) is one connection in this process: total 1, nothing else.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = poolSource?.();
    if (!pool) return;
    this.set({ state: 'total' }, pool.total);
    if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle);
    if (pool.waiting !== undefined) this.set({ state: 'waiting' }, pool.waiting);
  },
});

new Gauge({
  name: 'db_pool_max_connections',
  help: 'The most connections the pool opens (DATABASE_URL: node-postgres, 10; PGlite: 1).',
  registers: [metricsRegistry],
  collect() {
    const pool = poolSource?.();
    if (pool) this.set(pool.max);
  },
});

/**
 * Points the pool gauges at this database. node-postgres reports its pool; PGlite runs its queries
 * one at a time on one in-process connection and exposes no queue, so it is reported as a pool of
 * one that is always open (its busy/idle state is not observable from outside).
 */
export function observeDatabasePool(handle: DatabaseHandle): void {
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    poolSource = () => ({
      total: client.totalCount,
      idle: client.idleCount,
      waiting: client.waitingCount,
      max: client.options.max ?? 10,
    });
  } else {
    poolSource = () => ({ total: 1, max: 1 });
  }
}

let defaultMetricsOn = false;

/** Node's own metrics (heap, event loop lag, GC, handles); only when they are served. */
export function collectProcessMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
