/**
 * API clients for server tests: a client with the given scopes and its whole key, written straight
 * to the database as `POST /api-clients` would.
 */
import type { PlatformScope } from '@contract/api-client';
import { generateApiKey } from '../auth/api-keys';
import type { Executor } from '../db/connect';
import { apiClients } from '../db/schema';

export interface TestApiClient {
  readonly id: string;
  readonly apiKey: string;
  /** `{ Authorization: 'Bearer <key>' }`. */
  readonly headers: Record<string, string>;
}

export async function createTestApiClient(
  db: Executor,
  scopes: readonly PlatformScope[] = ['payments:write', 'payouts:write', 'disputes:write'],
  name = 'Test platform',
): Promise<TestApiClient> {
  const key = generateApiKey();
  const [row] = await db
    .insert(apiClients)
    .values({ name, scopes: [...scopes], keyId: key.keyId, secretHash: key.secretHash })
    .returning({ id: apiClients.id });
  if (!row) throw new Error('api client insert returned no row');
  return { id: row.id, apiKey: key.apiKey, headers: { Authorization: `Bearer ${key.apiKey}` } };
}
