/**
 * The account page's "last seen" (decision 029): after a staff token is verified, its session's
 * `last_seen_at` is written, at most once a minute per session and process, so a busy console costs
 * one small UPDATE a minute rather than one per request. Runs after authentication (a failed write
 * changes nothing about the answer); a request that
 * carries no staff token (public, API client) is left alone.
 */
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/connect';
import { touchSession } from '../db/queries/second-factor';
import type { AppEnv } from '../http/types';

export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Bounded, so a flood of distinct tokens cannot grow it without end; forgetting one costs one write. */
const REMEMBERED = 10_000;

export function sessionActivity(db: Database, clock: () => Date) {
  const written = new Map<string, number>();
  return createMiddleware<AppEnv>(async (c, next) => {
    const jti = c.get('claims')?.jti;
    if (jti !== undefined) {
      const now = clock();
      const last = written.get(jti);
      if (last === undefined || now.getTime() - last >= LAST_SEEN_RESOLUTION_MS) {
        if (written.size >= REMEMBERED) written.clear();
        written.set(jti, now.getTime());
        // Before the answer, so my sessions list shows this request; but "last seen" is a note about
        // the request, never a reason to refuse it (or to turn a 404 into a 500 when the database
        // is down): a failed write is tried again by the next request.
        try {
          await touchSession(db, jti, now);
        } catch {
          written.delete(jti);
        }
      }
    }
    return next();
  });
}
