import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { revokedTokens } from '../db/schema';
import { createTestClock } from '../test/api';
import { describeOnDatabases } from '../test/db';
import { createRevocationList, deleteExpiredRevocations } from './revocations';

const HOUR = 3600_000;
const USER = '00000000-0000-4000-8000-0000000000aa';

describeOnDatabases('revocation list', (database) => {
  it('refuses at once where it was recorded, in another process after its refresh, after a restart at once', async () => {
    const clock = createTestClock(new Date());
    const here = createRevocationList(database.db, clock);
    const elsewhere = createRevocationList(database.db, clock);
    await Promise.all([here.ready, elsewhere.ready]);
    const jti = randomUUID();
    expect(here.isRevoked(jti)).toBe(false);

    await here.revoke({ jti, userId: USER, expiresAt: new Date(clock().getTime() + HOUR) });
    expect(here.isRevoked(jti)).toBe(true);
    expect(elsewhere.isRevoked(jti)).toBe(false);
    await elsewhere.refresh();
    expect(elsewhere.isRevoked(jti)).toBe(true);

    const restarted = createRevocationList(database.db, clock);
    await restarted.ready;
    expect(restarted.isRevoked(jti)).toBe(true);
    // Recording it again changes nothing.
    await here.revoke({ jti, userId: USER, expiresAt: new Date(clock().getTime() + HOUR) });
    expect(await database.db.select().from(revokedTokens)).toHaveLength(1);
  });

  it('forgets a sign-out once its token has expired, and maintenance deletes only those rows', async () => {
    const clock = createTestClock(new Date());
    const list = createRevocationList(database.db, clock);
    await list.ready;
    const soon = randomUUID();
    const later = randomUUID();
    await list.revoke({ jti: soon, userId: USER, expiresAt: new Date(clock().getTime() + HOUR) });
    await list.revoke({ jti: later, userId: USER, expiresAt: new Date(clock().getTime() + 3 * HOUR) });
    clock.advance(2 * HOUR);
    expect(list.isRevoked(soon)).toBe(false);
    expect(list.isRevoked(later)).toBe(true);
    await list.refresh();
    expect(list.isRevoked(later)).toBe(true);

    const restarted = createRevocationList(database.db, clock);
    await restarted.ready;
    expect(restarted.isRevoked(soon)).toBe(false);
    expect(restarted.isRevoked(later)).toBe(true);

    const before = (await database.db.select().from(revokedTokens)).map((r) => r.jti);
    expect(before).toEqual(expect.arrayContaining([soon, later]));
    expect(await deleteExpiredRevocations(database.db, clock())).toBeGreaterThanOrEqual(1);
    const after = (await database.db.select().from(revokedTokens)).map((r) => r.jti);
    expect(after).toContain(later);
    expect(after).not.toContain(soon);
  });

  it('reads again on the next request when the first read failed (a database that was down)', async () => {
    const clock = createTestClock(new Date());
    const jti = randomUUID();
    await createRevocationList(database.db, clock).revoke({
      jti,
      userId: USER,
      expiresAt: new Date(clock().getTime() + HOUR),
    });
    let down = true;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select' && down) {
          down = false;
          return () => ({ from: () => ({ where: () => Promise.reject(new Error('connection refused')) }) });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const list = createRevocationList(flaky, clock);
    await expect(list.ready).rejects.toThrow('connection refused');
    await list.ready;
    expect(list.isRevoked(jti)).toBe(true);
  });
});
