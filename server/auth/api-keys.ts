/**
 * API keys of the platform's clients (docs/decisions/033): `papi_<key id>_<secret>`. The key id
 * finds the client; the secret, 256 random bits, is stored as its SHA-256. A slow password hash
 * (argon2id, as staff passwords) guards guessable secrets; this one cannot be guessed, and every
 * platform call checks it, so a fast hash keeps the check under a millisecond.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
  return createHash('sha256').update(secret).digest('hex');
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
 * Checks a key against the database on every call, so a revocation holds on every instance from
 * its commit on (one indexed read; no cache to outlive it).
 */
export function createApiKeyVerifier(db: Executor): ApiKeyVerifier {
  return async (apiKey) => {
    const parsed = parseApiKey(apiKey);
    if (!parsed) return null;
    const [row] = await db
      .select({
        id: apiClients.id,
        name: apiClients.name,
        scopes: apiClients.scopes,
        secretHash: apiClients.secretHash,
      })
      .from(apiClients)
      .where(and(eq(apiClients.keyId, parsed.keyId), isNull(apiClients.revokedAt)))
      .limit(1);
    if (!row) return null;
    const sent = Buffer.from(hashSecret(parsed.secret), 'hex');
    const stored = Buffer.from(row.secretHash, 'hex');
    if (sent.length !== stored.length || !timingSafeEqual(sent, stored)) return null;
    const scopes = row.scopes.filter((scope): scope is PlatformScope =>
      (PLATFORM_SCOPES as readonly string[]).includes(scope),
    );
    return { id: row.id, name: row.name, scopes };
  };
}
