/**
 * The real app served for a bench: `createApp` on the bench's database, a token service with a
 * generated key, `@hono/node-server` on 127.0.0.1, and a token minted for the seeded admin (no login
 * round trip, no argon2 cost).
 */
import type { KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { API_BASE, createApp } from '../../server/app';
import { generateSigningKeys } from '../../server/auth/keys';
import { createTokenService, type TokenService } from '../../server/auth/tokens';
import type { DatabaseHandle } from '../../server/db/connect';
import { users } from '../../server/db/schema';
import { openStaffSession } from '../../server/services/staff-session';

export interface BenchApp {
  /** `http://127.0.0.1:<port>/api...`: append a query's path. */
  base: string;
  token: string;
  headers: Record<string, string>;
  tokens: TokenService;
  privateKey: KeyObject;
  /** Lets requests in flight finish (10 s at most), then stops listening. */
  close(): Promise<void>;
}

export async function startBenchApp(handle: DatabaseHandle): Promise<BenchApp> {
  const { db } = handle;
  const keys = generateSigningKeys();
  const tokens = await createTokenService({ keys });
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  if (!admin) throw new Error('the seeded admin user is missing');
  // As sign-in does: the token's permissions come from the admin's roles, and the session is recorded.
  const { access_token: token } = await openStaffSession({ db, tokens, clock: () => new Date() }, admin, {
    userAgent: 'bench',
    address: null,
  });

  const app = createApp({ db, databaseKind: handle.kind, tokens });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}`;

  return {
    base,
    token,
    headers: { Authorization: `Bearer ${token}` },
    tokens,
    privateKey: keys.privateKey,
    async close() {
      // Let requests still in flight (autocannon's last ones) finish before the database closes.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      const force = setTimeout(() => {
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, 10_000);
      await closed;
      clearTimeout(force);
    },
  };
}
