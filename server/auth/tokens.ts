/**
 * Access tokens: JWTs shaped like a Keycloak token (tokenClaimsSchema), signed with the server's
 * asymmetric key and a `kid`, so any party can verify them against the published JWKS.
 *
 * Verification accepts only our algorithm (so `alg: none` and the HS256-with-the-public-key trick
 * fail), our `kid`, our issuer, and an unexpired token (small clock tolerance), and then checks the
 * claims' shape.
 */
import { randomUUID } from 'node:crypto';
import { type SessionStage, type TokenClaims, tokenClaimsSchema } from '@contract/auth';
import type { PermissionMap } from '@contract/permissions';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  errors,
  exportJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import * as v from 'valibot';
import type { SigningAlgorithm, SigningKeys } from './keys';

export const DEFAULT_ISSUER = 'payments-back-office';
/** A working day: staff sign in once per shift. */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
const CLOCK_TOLERANCE_SECONDS = 30;
/**
 * Verified tokens remembered by their exact text. A signature check (ES256) is most of the fixed
 * cost of an authenticated request; the console sends the same token all shift. Identical bytes
 * carry the identical, already-checked signature, so a hit is as good as a check: only expiry is
 * re-read. Bounded, oldest first out.
 */
const VERIFIED_CACHE_SIZE = 1000;

/** Who a token is for: the users row, as the claims need it. */
export interface TokenSubject {
  id: string;
  email: string;
  name: string;
  preferredUsername: string;
  permissions: PermissionMap;
  /** A sign-in not finished yet (decision 029): the token says so and lives 15 minutes only. */
  stage?: SessionStage;
}

/** Long enough to find the authenticator app or choose a password, short enough to be no session. */
export const STAGE_TOKEN_TTL_SECONDS = 15 * 60;

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface PublicJwk extends JWK {
  kid: string;
  alg: SigningAlgorithm;
  use: 'sig';
}

export interface TokenService {
  readonly issuer: string;
  readonly ttlSeconds: number;
  /** The token, its lifetime in seconds and its `jti` (what revokes it). */
  sign(subject: TokenSubject): Promise<{ token: string; expiresIn: number; jti: string }>;
  verify(token: string): Promise<VerifyResult>;
  /** The public key set served at `GET /api/v1/auth/jwks`. */
  jwks(): { keys: PublicJwk[] };
}

export interface TokenServiceOptions {
  keys: SigningKeys;
  issuer?: string;
  ttlSeconds?: number;
  /** Injectable for tests of expiry. */
  clock?: () => Date;
}

export async function createTokenService(options: TokenServiceOptions): Promise<TokenService> {
  const { keys } = options;
  const issuer = options.issuer ?? DEFAULT_ISSUER;
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const clock = options.clock ?? (() => new Date());
  const publicJwk = await exportJWK(keys.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const jwk: PublicJwk = { ...publicJwk, kid, alg: keys.algorithm, use: 'sig' };
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();

  function remember(token: string, claims: TokenClaims, exp: number) {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, exp });
  }

  return {
    issuer,
    ttlSeconds,

    async sign(subject) {
      const iat = Math.floor(clock().getTime() / 1000);
      const jti = randomUUID();
      const lifetime = subject.stage ? Math.min(ttlSeconds, STAGE_TOKEN_TTL_SECONDS) : ttlSeconds;
      const token = await new SignJWT({
        name: subject.name,
        email: subject.email,
        preferred_username: subject.preferredUsername,
        resource_access: subject.permissions,
        ...(subject.stage ? { stage: subject.stage } : {}),
      })
        .setProtectedHeader({ alg: keys.algorithm, kid, typ: 'JWT' })
        .setSubject(subject.id)
        // Each token its own id, so one session can be signed out (server/auth/revocations.ts).
        .setJti(jti)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetime)
        .sign(keys.privateKey);
      return { token, expiresIn: lifetime, jti };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (clock().getTime() / 1000 <= known.exp + CLOCK_TOLERANCE_SECONDS)
          return { ok: true, claims: known.claims };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        // Cheap checks first: a token that is not even a JWS of ours costs no signature check.
        const header = decodeProtectedHeader(token);
        if (header.alg !== keys.algorithm || header.kid !== kid) return { ok: false, reason: 'invalid' };
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [keys.algorithm],
          issuer,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: clock(),
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const claims = v.safeParse(tokenClaimsSchema, payload);
        if (!claims.success || payload.exp === undefined) return { ok: false, reason: 'invalid' };
        remember(token, claims.output, payload.exp);
        return { ok: true, claims: claims.output };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },

    jwks: () => ({ keys: [jwk] }),
  };
}
