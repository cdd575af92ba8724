import { API_CLIENT_ERRORS, API_KEY_PREFIX, type ApiClient } from '@contract/api-client';
import { API_ERRORS } from '@contract/messages';
import { apiClientOperations } from '@contract/operations/api-clients';
import { db, type MockApiClient } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { sortRows } from '../sort';

const NOT_FOUND = API_ERRORS.notFound('API client');

function hex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** The client as the server answers it: never the key. */
function shown({ api_key: _key, ...client }: MockApiClient): ApiClient {
  return client;
}

/** API clients, as server/routes/api-clients.ts answers them (newest first). */
export const apiClientHandlers = [
  mock(apiClientOperations.list, ({ query: { page, limit, search_term, status, sort } }) => {
    const needle = search_term?.toLowerCase();
    const found = db.apiClients.filter(
      (c) => (!needle || c.name.toLowerCase().includes(needle)) && (!status || c.status === status),
    );
    const sorted = sortRows(found, sort, {
      values: { created: (c) => c.created_at, name: (c) => c.name, status: (c) => c.status },
    });
    return pageOf(sorted.map(shown), page, limit);
  }),

  mock(apiClientOperations.create, ({ body, claims }) => {
    const keyId = hex(8);
    const apiKey = `${API_KEY_PREFIX}${keyId}_${hex(32)}`;
    const client: MockApiClient = {
      id: crypto.randomUUID(),
      name: body.name,
      scopes: body.scopes,
      key_prefix: `${API_KEY_PREFIX}${keyId}`,
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
      created_by: claims.sub && claims.name ? { id: claims.sub, name: claims.name } : null,
      revoked_at: null,
      revoked_by: null,
      api_key: apiKey,
    };
    db.apiClients = [...db.apiClients, client];
    return { client: shown(client), api_key: apiKey };
  }),

  mock(apiClientOperations.revoke, ({ params, claims }) => {
    const current = db.apiClients.find((c) => c.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    if (current.status === 'REVOKED') return failure(409, API_CLIENT_ERRORS.alreadyRevoked);
    const revoked: MockApiClient = {
      ...current,
      status: 'REVOKED',
      revoked_at: new Date().toISOString(),
      revoked_by: claims.sub && claims.name ? { id: claims.sub, name: claims.name } : null,
    };
    db.apiClients = db.apiClients.map((c) => (c.id === params.id ? revoked : c));
    return shown(revoked);
  }),
];
