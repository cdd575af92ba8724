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
 */
import { createHash } from 'node:crypto';
import { API_CLIENT_ERRORS } from '@contract/api-client';
import type { Envelope } from '@contract/envelope';
import type { DataOf, Operation, PlatformAccess } from '@contract/operations/define';
import { and, eq } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Database, Transaction } from '../db/connect';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './envelope';
import type { OperationInput } from './operation';

type IdempotentOperation = Operation & { readonly platform: PlatformAccess & { readonly idempotent: true } };

/** Marks a row that is claimed but not yet answered (never visible outside its transaction). */
const CLAIMED = 0;

export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

export interface IdempotencyOptions<D> {
  /** Runs once the work's transaction committed, never on a replay (live events). */
  readonly afterCommit?: (data: D) => Promise<void> | void;
}

export async function withIdempotency<O extends IdempotentOperation>(
  db: Database,
  operation: O,
  input: OperationInput<O>,
  work: (tx: Transaction) => Promise<DataOf<O>>,
  options: IdempotencyOptions<DataOf<O>> = {},
): Promise<Response> {
  const { c, client } = input;
  const key = input.idempotencyKey as string;
  const status = ('status' in operation.response ? operation.response.status : undefined) ?? 200;
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  // The path as sent (its {id}) and the body as validated (the schema's field order), so
  // whitespace or key order does not make a retry "another request".
  const requestHash = createHash('sha256')
    .update(`${name}\n${c.req.path}\n${JSON.stringify(input.body ?? null)}`)
    .digest('hex');

  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ clientId: client.id, key, operation: name, requestHash, status: CLAIMED, body: '' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, client.id), eq(idempotencyKeys.key, key)));
      if (!prior || prior.requestHash !== requestHash || prior.status === CLAIMED) {
        throw new ApiError(422, API_CLIENT_ERRORS.idempotencyKeyReused);
      }
      return { replay: true as const, status: prior.status, body: prior.body };
    }
    const data = await work(tx);
    const envelope: Envelope<DataOf<O>> = { success: true, status, data, errorMessage: null };
    const body = JSON.stringify(envelope);
    await tx
      .update(idempotencyKeys)
      .set({ status, body })
      .where(and(eq(idempotencyKeys.clientId, client.id), eq(idempotencyKeys.key, key)));
    return { replay: false as const, status, body, data };
  });

  if (outcome.replay) c.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  else await options.afterCommit?.(outcome.data);
  c.header('Cache-Control', 'no-store');
  c.header('Content-Type', 'application/json');
  return c.body(outcome.body, outcome.status as ContentfulStatusCode);
}
