/**
 * The API key check's trust window (decision 047) and its shared read: calls that find the trust
 * expired together read the client once, a read that began before a revocation is joined by no
 * later call and fills no cache, and the secret is compared on every call. The database is a stub
 * that counts reads and answers when told; the routes' own tests (server/routes/platform.test.ts)
 * run the verifier on real databases.
 */
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/connect';
import { API_KEY_CACHE_MS, createApiKeyVerifier, forgetApiClient, generateApiKey } from './api-keys';

interface Row {
  id: string;
  name: string;
  scopes: string[];
  secretHash: string;
}

/** A stand-in for `db.select(…).from(…).where(…).limit(1)`: each read waits until `answer()`. */
function stubDatabase(row: () => Row | undefined) {
  const waiting: (() => void)[] = [];
  let reads = 0;
  const db = {
    select: () => ({
      from: () => ({
        where: () => ({
          limit: () => {
            reads++;
            return new Promise<Row[]>((resolve) => {
              waiting.push(() => {
                const found = row();
                resolve(found ? [found] : []);
              });
            });
          },
        }),
      }),
    }),
  } as unknown as Executor;
  return {
    db,
    reads: () => reads,
    /** Answers every read waiting so far, with what the table holds now. */
    answer() {
      for (const resolve of waiting.splice(0)) resolve();
    },
    /** Answers the oldest read waiting, with what the table holds now. */
    answerOldest() {
      waiting.shift()?.();
    },
  };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function client(id: string) {
  const key = generateApiKey();
  const row: Row = {
    id,
    name: 'Platform',
    scopes: ['payments:write', 'no-such-scope'],
    secretHash: key.secretHash,
  };
  return { key, row };
}

describe('createApiKeyVerifier', () => {
  it('reads once for calls that find the trust expired together, then trusts the answer for its window', async () => {
    const { key, row } = client('client-1');
    const stub = stubDatabase(() => row);
    let now = 1_000;
    const verify = createApiKeyVerifier(stub.db, () => now);

    const calls = Array.from({ length: 5 }, () => verify(key.apiKey));
    await settle();
    expect(stub.reads()).toBe(1);
    stub.answer();
    const principals = await Promise.all(calls);
    expect(principals).toEqual(
      Array.from({ length: 5 }, () => ({ id: 'client-1', name: 'Platform', scopes: ['payments:write'] })),
    );

    // Within the window: no read. After it: one read again for the calls of that moment.
    now += API_KEY_CACHE_MS - 1;
    expect(await verify(key.apiKey)).toMatchObject({ id: 'client-1' });
    expect(stub.reads()).toBe(1);
    now += 2;
    const again = [verify(key.apiKey), verify(key.apiKey)];
    await settle();
    expect(stub.reads()).toBe(2);
    stub.answer();
    expect(await Promise.all(again)).toMatchObject([{ id: 'client-1' }, { id: 'client-1' }]);
  });

  it('compares the secret of every call, the shared read and the trusted answer alike', async () => {
    const { key, row } = client('client-2');
    const stub = stubDatabase(() => row);
    const verify = createApiKeyVerifier(stub.db, () => 5_000);
    const wrong = `${key.apiKey.slice(0, -1)}${key.apiKey.endsWith('0') ? '1' : '0'}`;

    const both = [verify(key.apiKey), verify(wrong)];
    await settle();
    stub.answer();
    expect(await Promise.all(both)).toEqual([expect.objectContaining({ id: 'client-2' }), null]);
    expect(stub.reads()).toBe(1);
    // Trusted now: the wrong secret is still refused, without a read.
    expect(await verify(wrong)).toBeNull();
    expect(stub.reads()).toBe(1);
  });

  it('does not let a call after a revocation join a read that began before it, nor that read fill the cache', async () => {
    const { key, row } = client('client-3');
    let revoked = false;
    const stub = stubDatabase(() => (revoked ? undefined : row));
    const verify = createApiKeyVerifier(stub.db, () => 9_000);

    const before = verify(key.apiKey);
    await settle();
    expect(stub.reads()).toBe(1);
    // The client is revoked while that read is in flight; a call after the revocation reads anew.
    forgetApiClient('client-3');
    const after = verify(key.apiKey);
    await settle();
    expect(stub.reads()).toBe(2);

    // The first read's snapshot predates the revocation (it finds the row); the second's does not.
    stub.answerOldest();
    revoked = true;
    stub.answerOldest();
    const [first, second] = await Promise.all([before, after]);
    expect(first).toMatchObject({ id: 'client-3' });
    expect(second).toBeNull();

    // The read from before the revocation filled no cache: the next call reads (and is refused).
    const next = verify(key.apiKey);
    await settle();
    expect(stub.reads()).toBe(3);
    stub.answer();
    expect(await next).toBeNull();
  });

  it('refuses text that is not shaped like a key without reading', async () => {
    const stub = stubDatabase(() => undefined);
    const verify = createApiKeyVerifier(stub.db);
    expect(await verify('not-a-key')).toBeNull();
    expect(stub.reads()).toBe(0);
  });
});
