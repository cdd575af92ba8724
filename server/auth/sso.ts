/**
 * Single sign-on with the provider's own OpenID provider (decision 032): its discovery document
 * and keys, redeeming an authorization code with our client secret, verifying the ID token (jose:
 * signature through the JWKS, issuer, audience, expiry) and its nonce, and reading the person and
 * their provider roles from the verified claims. What a refusal is is said by `SsoFailure`, whose
 * reason goes to the audit log.
 */
import type { SsoTokenPayload } from '@contract/auth';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { roleClaimPath, type SsoConfig } from './sso-config';

/** How long a discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** The provider answers or the sign-in fails: a browser is waiting. */
const PROVIDER_TIMEOUT_MS = 10_000;

export type SsoFailureReason =
  | 'unreachable'
  | 'code-refused'
  | 'no-id-token'
  | 'bad-signature'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'expired'
  | 'invalid-id-token'
  | 'nonce-mismatch';

/** A refusal of the provider's answer; `reason` is for the audit log, not the person. */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(readonly reason: SsoFailureReason) {
    super(reason);
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** What the verified claims say about the person. */
export interface SsoClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
  /** The provider's role or group names, at SSO_ROLE_CLAIM. */
  providerRoles: string[];
}

export interface SsoClient {
  readonly config: SsoConfig;
  /** The provider's discovery document (cached); SsoFailure('unreachable') when it cannot be read. */
  discover(): Promise<Discovery>;
  /** Redeems the code and verifies what comes back at `now`. */
  signIn(payload: SsoTokenPayload, now: Date): Promise<SsoClaims>;
}

function stringField(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new SsoFailure('unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** The provider role or group names at the configured claim (a list, or Keycloak's `{ roles: [...] }`). */
export function providerRolesOf(claims: Record<string, unknown>, config: SsoConfig): string[] {
  let value: unknown = claims;
  for (const key of roleClaimPath(config.roleClaim, config.clientId)) {
    value =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  if (value && typeof value === 'object' && !Array.isArray(value))
    value = (value as { roles?: unknown }).roles;
  return Array.isArray(value) ? value.filter(stringField) : [];
}

/** Our role references (ids or names) the provider's names map to, each once. */
export function mappedRoleRefs(providerRoles: readonly string[], config: SsoConfig): string[] {
  return [...new Set(providerRoles.flatMap((name) => config.roleMapping[name] ?? []))];
}

function failureOf(error: unknown): SsoFailure {
  if (error instanceof errors.JWTExpired) return new SsoFailure('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new SsoFailure('wrong-audience');
    if (error.claim === 'iss') return new SsoFailure('wrong-issuer');
    return new SsoFailure('invalid-id-token');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return new SsoFailure('bad-signature');
  if (error instanceof errors.JWKSTimeout) return new SsoFailure('unreachable');
  return new SsoFailure('invalid-id-token');
}

export function createSsoClient(config: SsoConfig): SsoClient {
  let cached: { at: number; discovery: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;

  async function load() {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
    const { status, body } = await fetchJson(
      `${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    );
    const doc = body as Partial<Discovery> | null;
    if (
      status !== 200 ||
      !doc ||
      !stringField(doc.authorization_endpoint) ||
      !stringField(doc.token_endpoint) ||
      !stringField(doc.jwks_uri) ||
      // OpenID Connect Discovery 1.0 §4.3: the document must be the issuer's own.
      doc.issuer !== config.issuer
    )
      throw new SsoFailure('unreachable');
    cached = {
      at: Date.now(),
      discovery: doc as Discovery,
      jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS }),
    };
    return cached;
  }

  async function redeem(discovery: Discovery, payload: SsoTokenPayload) {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: payload.code,
      redirect_uri: payload.redirect_uri,
      code_verifier: payload.code_verifier,
    });
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    };
    const methods = discovery.token_endpoint_auth_methods_supported;
    // RFC 6749 §2.3.1: Basic is the one every provider must support; the form only when it is all there is.
    if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      form.set('client_id', config.clientId);
      form.set('client_secret', config.clientSecret);
    } else {
      const basic = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
      headers.Authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    const { status, body } = await fetchJson(discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form,
    });
    if (status !== 200 || !body || typeof body !== 'object') throw new SsoFailure('code-refused');
    const { id_token: idToken, access_token: accessToken } = body as Record<string, unknown>;
    if (!stringField(idToken)) throw new SsoFailure('no-id-token');
    return { idToken, accessToken: stringField(accessToken) ? accessToken : undefined };
  }

  /** The userinfo claims, when the provider has the endpoint and answers for the same person. */
  async function userinfo(discovery: Discovery, accessToken: string | undefined, subject: string) {
    if (!discovery.userinfo_endpoint || !accessToken) return {};
    try {
      const { status, body } = await fetchJson(discovery.userinfo_endpoint, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      // OpenID Connect Core §5.3.2: a userinfo answer for another `sub` must not be used.
      if (status !== 200 || !body || typeof body !== 'object' || (body as JWTPayload).sub !== subject)
        return {};
      return body as Record<string, unknown>;
    } catch {
      // The ID token alone is enough when it carries the claims; userinfo only fills gaps.
      return {};
    }
  }

  return {
    config,
    discover: async () => (await load()).discovery,
    async signIn(payload, now) {
      const { discovery, jwks } = await load();
      const { idToken, accessToken } = await redeem(discovery, payload);
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(idToken, jwks, {
          issuer: config.issuer,
          audience: config.clientId,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw failureOf(error);
      }
      // OpenID Connect Core §3.1.3.7: with more than one audience, we must be the authorized party.
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== config.clientId)
        throw new SsoFailure('wrong-audience');
      if (claims.nonce !== payload.nonce) throw new SsoFailure('nonce-mismatch');
      const subject = claims.sub ?? '';
      // The ID token's own claims win; userinfo fills in what it leaves out (Keycloak's client roles).
      const all: Record<string, unknown> = {
        ...(await userinfo(discovery, accessToken, subject)),
        ...claims,
      };
      const email = stringField(all.email) ? all.email.trim().toLowerCase() : null;
      return {
        subject,
        email,
        emailVerified: all.email_verified === true,
        name: stringField(all.name) ? all.name : null,
        preferredUsername: stringField(all.preferred_username) ? all.preferred_username : null,
        providerRoles: providerRolesOf(all, config),
      };
    },
  };
}
