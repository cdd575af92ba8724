/**
 * The conformance cases against the reference server: `createApp` on an in-memory PGlite database
 * seeded like `npm start` (the demo catalogue and users, a dozen merchants and a few hundred
 * transactions with their ledger postings), a fresh one per resource; real signed tokens.
 */
import { toPermissionMap } from '@contract/permissions';
import { afterAll } from 'vitest';
import { seedMerchants } from '../../db/seed/merchants';
import { createRandom } from '../../db/seed/random';
import { seedTransactions } from '../../db/seed/transactions';
import { createTestApi, type TestApi } from '../api';
import { ALL_CASES } from './cases';
import { describeConformance, type Side } from './run';

const MERCHANTS = 12;
const TRANSACTIONS = 300;

let api: TestApi | undefined;

async function freshApi(): Promise<TestApi> {
  await api?.dispose();
  const next = await createTestApi('pglite');
  const now = next.clock();
  await next.database.db.transaction(async (tx) => {
    const random = createRandom(17);
    await seedMerchants(tx, random, next.catalog, { count: MERCHANTS, now });
    await seedTransactions(
      { db: tx, random, now, catalog: next.catalog, merchants: MERCHANTS },
      TRANSACTIONS,
    );
  });
  api = next;
  return next;
}

function current(): TestApi {
  if (!api) throw new Error('no server yet');
  return api;
}

const server: Side = {
  name: 'server',
  fresh: async () => {
    await freshApi();
  },
  demoToken: (role) => current().tokenFor(role),
  tokenWith: async (permissions) => {
    const { token } = await current().tokens.sign({
      id: '00000000-0000-4000-8000-0000000000ff',
      email: 'limited@example.com',
      name: 'Limited User',
      preferredUsername: 'limited',
      permissions: toPermissionMap(permissions),
    });
    return token;
  },
  fetch: async (url, init) => current().app.request(url, init),
};

afterAll(() => api?.dispose());

describeConformance(server, ALL_CASES);
