/**
 * API clients (issue 22, docs/decisions/033): an admin creates, lists and revokes the platform's
 * machine credentials. Creation answers the key once; only the SHA-256 of its secret is stored.
 * Creation and revocation record themselves in the audit log in their own transaction.
 */
import {
  API_KEY_PREFIX,
  type ApiClient,
  type ApiClientCreatePayload,
  type ApiClientListQuery,
  type ApiClientWithKey,
  PLATFORM_SCOPES,
  type PlatformScope,
} from '@contract/api-client';
import type { ApiClientSortKey } from '@contract/list-sort';
import { and, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { recordedActor } from '../auth/actor';
import { forgetApiClient, generateApiKey } from '../auth/api-keys';
import type { Database, Executor } from '../db/connect';
import { apiClients } from '../db/schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../db/sort';
import { containsPattern, type ListPage } from '../db/sql';
import { type AuditEntry, recordAudit } from './audit-log';

type Row = typeof apiClients.$inferSelect;

function toApiClient(row: Row): ApiClient {
  return {
    id: row.id,
    name: row.name,
    scopes: PLATFORM_SCOPES.filter((scope) => row.scopes.includes(scope)) as PlatformScope[],
    key_prefix: `${API_KEY_PREFIX}${row.keyId}`,
    status: row.revokedAt ? 'REVOKED' : 'ACTIVE',
    created_at: row.createdAt.toISOString(),
    created_by: recordedActor(row.createdById, row.createdByName),
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
    revoked_by: recordedActor(row.revokedById, row.revokedByName),
  };
}

/** The audit record's view of a client: never its key or hash. */
function audited(client: ApiClient) {
  return { name: client.name, scopes: client.scopes, key_prefix: client.key_prefix, status: client.status };
}

/** A client's status is whether it was revoked: ACTIVE (false) sorts before REVOKED (true). */
const SORT_COLUMNS: SortColumns<ApiClientSortKey> = {
  created: apiClients.createdAt,
  name: apiClients.name,
  status: sql`${apiClients.revokedAt} is not null`,
};

export function listApiClients(db: Database, query: ApiClientListQuery): Promise<ListPage<ApiClient>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status === 'ACTIVE') conditions.push(isNull(apiClients.revokedAt));
  if (query.status === 'REVOKED') conditions.push(isNotNull(apiClients.revokedAt));
  if (query.search_term) conditions.push(ilike(apiClients.name, containsPattern(query.search_term)));
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, apiClients.id);
  return sortedTablePage(db, apiClients, and(...conditions), orderBy, query, toApiClient);
}

/** Who acts and from where, for the audit log (the route builds it from the staff token). */
export type AuditOrigin = Pick<AuditEntry, 'actor' | 'address' | 'at'>;

export async function createApiClient(
  db: Database,
  payload: ApiClientCreatePayload,
  actor: Actor,
  origin: AuditOrigin,
): Promise<ApiClientWithKey> {
  const key = generateApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiClients)
      .values({
        name: payload.name,
        scopes: payload.scopes,
        keyId: key.keyId,
        secretHash: key.secretHash,
        createdById: actor.id,
        createdByName: actor.name,
        createdAt: origin.at ?? new Date(),
      })
      .returning();
    if (!row) throw new Error('api client insert returned no row');
    const client = toApiClient(row);
    await recordAudit(tx, {
      ...origin,
      action: 'api-client.create',
      resource: { type: 'api-client', id: client.id },
      after: audited(client),
    });
    return { client, api_key: key.apiKey };
  });
}

export type RevokeResult = { ok: true; client: ApiClient } | { ok: false; reason: 'not-found' | 'revoked' };

/** Revokes once: the conditional UPDATE decides a race, the second revoker gets 409. */
export async function revokeApiClient(
  db: Database,
  id: string,
  actor: Actor,
  origin: AuditOrigin,
): Promise<RevokeResult> {
  const result = await db.transaction(async (tx): Promise<RevokeResult> => {
    const [row] = await tx
      .update(apiClients)
      .set({ revokedAt: origin.at ?? new Date(), revokedById: actor.id, revokedByName: actor.name })
      .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
      .returning();
    if (!row) return { ok: false, reason: (await exists(tx, id)) ? 'revoked' : 'not-found' };
    const client = toApiClient(row);
    await recordAudit(tx, {
      ...origin,
      action: 'api-client.revoke',
      resource: { type: 'api-client', id },
      before: audited({ ...client, status: 'ACTIVE' }),
      after: audited(client),
    });
    return { ok: true, client };
  });
  // This process's verifiers forget the key at once; other instances within API_KEY_CACHE_MS.
  if (result.ok) forgetApiClient(id);
  return result;
}

async function exists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: apiClients.id }).from(apiClients).where(eq(apiClients.id, id));
  return rows.length > 0;
}
