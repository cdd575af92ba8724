/**
 * API keys of the platform's clients (docs/decisions/033): `papi_<key id>_<secret>`. The key id
 * finds the client; the secret, 256 random bits, is stored as its SHA-256. A slow password hash
 * (argon2id, as staff passwords) guards guessable secrets; this one cannot be guessed, and every
 * platform call checks it, so a fast hash keeps the check under a millisecond.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiClientPrincipal,
  PLATFORM_SCOPES,
  type PlatformScope,
} from '@contract/api-client';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { apiClients } from '../db/schema';

export interface NewApiKey {
  readonly keyId: string;
  readonly secretHash: string;
  /** The whole key, shown once to the admin who created it. */
  readonly apiKey: string;
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function generateApiKey(): NewApiKey {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { keyId, secretHash: hashSecret(secret), apiKey: `${API_KEY_PREFIX}${keyId}_${secret}` };
}

/** The key's id and secret, or null when the text is not shaped like one of our keys. */
export function parseApiKey(text: string): { keyId: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(text);
  return match?.[1] && match[2] ? { keyId: match[1], secret: match[2] } : null;
}

export type ApiKeyVerifier = (apiKey: string) => Promise<ApiClientPrincipal | null>;

/**
 * How long a verified key is taken on trust in this process before the database is asked again
 * (decision 047): the platform sends one key on every call, and the read was one round trip of a
 * dozen per event. A revocation through this process holds at once (forgetApiClient); one made
 * through another instance holds here within this long.
 */
export const API_KEY_CACHE_MS = 2000;

interface CachedKey {
  secretHash: Buffer;
  principal: ApiClientPrincipal;
  until: number;
}

/** Every verifier's cache in this process, so a revocation here clears them all. */
const caches = new Set<Map<string, CachedKey>>();
/** Bumped by each revocation: a lookup that started before one does not fill the cache. */
let generation = 0;

/** Forgets a revoked client in every verifier of this process (server/services/api-clients.ts). */
export function forgetApiClient(clientId: string): void {
  generation++;
  for (const cache of caches) {
    for (const [keyId, cached] of cache) if (cached.principal.id === clientId) cache.delete(keyId);
  }
}

function sameHash(sent: Buffer, stored: Buffer): boolean {
  return sent.length === stored.length && timingSafeEqual(sent, stored);
}

interface ClientRow {
  id: string;
  name: string;
  scopes: string[];
  secretHash: string;
}

/**
 * Checks a key against the database (one indexed read), then trusts the answer for
 * API_KEY_CACHE_MS; the secret is compared with the stored hash in constant time on every call,
 * cached or not. Unknown or wrong keys are never cached. Calls that find the trust expired at the
 * same time share one read (a platform's concurrent callers all found it so at once, one read
 * each), unless a revocation came between: a call never joins a read that began before one.
 */
export function createApiKeyVerifier(db: Executor, clock: () => number = Date.now): ApiKeyVerifier {
  const cache = new Map<string, CachedKey>();
  caches.add(cache);
  const reading = new Map<string, { generation: number; row: Promise<ClientRow | undefined> }>();
  const read = (keyId: string): Promise<ClientRow | undefined> => {
    const shared = reading.get(keyId);
    if (shared && shared.generation === generation) return shared.row;
    const row = db
      .select({
        id: apiClients.id,
        name: apiClients.name,
        scopes: apiClients.scopes,
        secretHash: apiClients.secretHash,
      })
      .from(apiClients)
      .where(and(eq(apiClients.keyId, keyId), isNull(apiClients.revokedAt)))
      .limit(1)
      .then(([first]) => first);
    const entry = { generation, row };
    reading.set(keyId, entry);
    const done = () => {
      if (reading.get(keyId) === entry) reading.delete(keyId);
    };
    row.then(done, done);
    return row;
  };
  return async (apiKey) => {
    const parsed = parseApiKey(apiKey);
    if (!parsed) return null;
    // The secret's SHA-256 as bytes in one call (no Hash object, no hex text to decode again).
    const sent = hash('sha256', parsed.secret, 'buffer');
    const cached = cache.get(parsed.keyId);
    if (cached && cached.until > clock()) return sameHash(sent, cached.secretHash) ? cached.principal : null;
    const started = generation;
    const row = await read(parsed.keyId);
    if (!row) {
      cache.delete(parsed.keyId);
      return null;
    }
    const stored = Buffer.from(row.secretHash, 'hex');
    if (!sameHash(sent, stored)) return null;
    const scopes = row.scopes.filter((scope): scope is PlatformScope =>
      (PLATFORM_SCOPES as readonly string[]).includes(scope),
    );
    const principal = { id: row.id, name: row.name, scopes };
    if (started === generation) {
      cache.set(parsed.keyId, { secretHash: stored, principal, until: clock() + API_KEY_CACHE_MS });
    }
    return principal;
  };
}
