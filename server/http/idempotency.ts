/**
 * Idempotent platform calls (docs/decisions/034, docs/api.md "Idempotency"). An operation declared
 * `platform: { idempotent: true }` requires an `Idempotency-Key` (checked before its handler runs);
 * its handler does its work through `withIdempotency`, which:
 *
 * 1. claims the client's key first thing in the work's transaction (`INSERT … ON CONFLICT DO
 *    NOTHING`), so a concurrent call with the same key waits on the primary key until the first
 *    commits (PostgreSQL) and then finds it taken: one payment, never two;
 * 2. when the key was already taken: the same operation, path and body replay the stored answer
 *    (same status and envelope, header `Idempotent-Replayed: true`); anything else is 422;
 * 3. otherwise runs the work and stores its answer on the claimed row, in the same transaction.
 *
 * A refusal (4xx) rolls the whole transaction back, the claim included: only successes are stored,
 * so a retry after a refusal runs again (a payment refused for a missing account mapping can be
 * retried with its key once the mapping exists).
 *
 * Keys are kept `IDEMPOTENCY_RETENTION_MS` (24 hours, as Stripe keeps them), then purged: after a
 * committed call, at most once a minute per process, the oldest expired rows are deleted in
 * batches, outside the call's transaction and after its answer is decided (decision 047).
 */
import { hash } from 'node:crypto';
import { API_CLIENT_ERRORS } from '@contract/api-client';
import type { Envelope } from '@contract/envelope';
import type { DataOf, Operation, PlatformAccess } from '@contract/operations/define';
import { and, eq, sql } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Database, queryRows, type Transaction } from '../db/connect';
import { type Call, eventTransaction } from '../db/event-transaction';
import { namedStatement } from '../db/named-statements';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './envelope';
import type { OperationInput } from './operation';
import { setDefaultHeader } from './response-headers';

type IdempotentOperation = Operation & { readonly platform: PlatformAccess & { readonly idempotent: true } };

/** Marks a row that is claimed but not yet answered (never visible outside its transaction). */
const CLAIMED = 0;

export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** How long a key answers its first answer: a retry later than this runs as a new call. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often a process purges (the first committed call after this long since its last purge). */
export const IDEMPOTENCY_PURGE_EVERY_MS = 60_000;
/** Rows deleted per statement, so a purge never holds many row locks or runs long. */
const PURGE_BATCH = 1000;

/**
 * Deletes the keys created before `now - retentionMs`, in batches of a thousand; returns how many.
 * Idempotent and safe to run from several processes at once (a row is deleted once).
 */
export async function purgeIdempotencyKeys(
  db: Database,
  now: Date,
  retentionMs = IDEMPOTENCY_RETENTION_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from idempotency_keys where ctid in (
              select ctid from idempotency_keys where created_at < ${cutoff.toISOString()}::timestamptz
              order by created_at limit ${PURGE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    purged += n;
    if (n < PURGE_BATCH) return purged;
  }
}

/** When each database (one per app; tests open many) was last purged from this process. */
const lastPurge = new WeakMap<Database, number>();

/** Starts a purge when the last one is a minute old; never awaited by the call, never throws. */
function purgeNowAndThen(db: Database): void {
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? Number.NEGATIVE_INFINITY) < IDEMPOTENCY_PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  purgeIdempotencyKeys(db, new Date(now)).catch((error: unknown) =>
    console.warn(
      `purging idempotency keys failed: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}

/**
 * The first statement of every idempotent call, and its last before commit (named, decision 051).
 * ON CONFLICT waits for a concurrent holder of the key to commit or roll back, then finds it taken.
 */
export const claimKey = namedStatement<
  [clientId: string, key: string, operation: string, requestHash: string],
  { key: string }
>(
  'idempotency_claim',
  `insert into idempotency_keys (client_id, key, operation, request_hash, status, body)
   values ($1, $2, $3, $4, ${CLAIMED}, '')
   on conflict do nothing
   returning key`,
);

export const storeAnswer = namedStatement<
  [clientId: string, key: string, status: number, body: string],
  never
>(
  'idempotency_answer',
  'update idempotency_keys set status = $3, body = $4 where client_id = $1 and key = $2',
);

export interface IdempotencyOptions<D, P extends readonly unknown[], R extends Record<string, unknown>> {
  /** Runs once the work's transaction committed, never on a replay (live events). */
  readonly afterCommit?: (data: D) => Promise<void> | void;
  /**
   * The work's first statement, sent with the claim in the same write (decision 059), its rows
   * handed to the work. It runs before the claim's answer is known, so also on a replay or a
   * refused key, whose transaction then rolls back: it must be one whose effects may be undone.
   */
  readonly along?: Call<P, R>;
}

/** A replay found by the claim: thrown out of the transaction so that it rolls back (it wrote nothing of its own). */
class Replay {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

export async function withIdempotency<
  O extends IdempotentOperation,
  P extends readonly unknown[] = [],
  R extends Record<string, unknown> = never,
>(
  db: Database,
  operation: O,
  input: OperationInput<O>,
  work: (tx: Transaction, alongRows: R[]) => Promise<DataOf<O>>,
  options: IdempotencyOptions<DataOf<O>, P, R> = {},
): Promise<Response> {
  const { c, client } = input;
  const key = input.idempotencyKey as string;
  const status = ('status' in operation.response ? operation.response.status : undefined) ?? 200;
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  // The path as sent (its {id}) and the body as validated (the schema's field order), so
  // whitespace or key order does not make a retry "another request".
  const requestHash = hash('sha256', `${name}\n${c.req.path}\n${JSON.stringify(input.body ?? null)}`, 'hex');

  // BEGIN leaves with the claim (and the work's first statement) and COMMIT with the stored answer
  // (decision 059).
  let outcome: { replay: false; status: number; body: string; data: DataOf<O> } | Replay;
  try {
    outcome = await eventTransaction(
      db,
      { statement: claimKey, params: [client.id, key, name, requestHash] },
      async (claimed, { tx, last }, alongRows) => {
        if (claimed.length === 0) {
          const [prior] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.clientId, client.id), eq(idempotencyKeys.key, key)));
          if (!prior || prior.requestHash !== requestHash || prior.status === CLAIMED) {
            throw new ApiError(422, API_CLIENT_ERRORS.idempotencyKeyReused);
          }
          throw new Replay(prior.status, prior.body);
        }
        const data = await work(tx, alongRows);
        const envelope: Envelope<DataOf<O>> = { success: true, status, data, errorMessage: null };
        const body = JSON.stringify(envelope);
        await last(storeAnswer, [client.id, key, status, body]);
        return { replay: false as const, status, body, data };
      },
      options.along,
    );
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    outcome = error;
  }

  if (outcome instanceof Replay) setDefaultHeader(c, IDEMPOTENT_REPLAY_HEADER, 'true');
  else {
    await options.afterCommit?.(outcome.data);
    purgeNowAndThen(db);
  }
  // As every API answer (http/response-headers.ts): set on Node's response when served by Node, and
  // the content type with the body, so the answer builds no web Headers (`c.header` made one per
  // call, which @hono/node-server then copied into a plain object to write: decision 064).
  setDefaultHeader(c, 'Cache-Control', 'no-store');
  return c.body(outcome.body, outcome.status as ContentfulStatusCode, JSON_TYPE);
}

const JSON_TYPE = { 'Content-Type': 'application/json' } as const;
