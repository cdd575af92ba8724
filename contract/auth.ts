import * as v from 'valibot';
import { plainText } from './common';
import { payloadObject } from './fields';
import { VALIDATION } from './messages';

/** Sign-in payload, sent form-encoded (spec §7). The console names the e-mail field `username`. */
export const loginPayloadSchema = v.object({
  username: v.pipe(
    v.string(VALIDATION.signin.username),
    v.trim(),
    v.nonEmpty(VALIDATION.signin.username),
    plainText<string>('Username'),
    // An e-mail address is at most 254 characters (RFC 5321).
    v.maxLength(254, VALIDATION.common.tooLong('Username', 254)),
  ),
  password: v.pipe(
    v.string(VALIDATION.signin.password),
    v.nonEmpty(VALIDATION.signin.password),
    plainText<string>('Password'),
    // Every attempt is hashed: a bound keeps a megabyte password from costing a megabyte of hashing.
    v.maxLength(1024, VALIDATION.common.tooLong('Password', 1024)),
  ),
});
export type LoginPayload = v.InferOutput<typeof loginPayloadSchema>;

/**
 * Ours (decision 029): what a token signed in the middle of a sign-in is good for: choosing a
 * password (a one-time password was used), giving the second factor's code, or enrolling one (a
 * role requires it). The server holds such a token to those calls and sign-out.
 */
export const SESSION_STAGES = ['password-change', 'second-factor', 'second-factor-enrolment'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

/** The session the console stores under `session`: an OpenID-style token response. */
export const sessionSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
  scope: v.string(),
  /**
   * Ours: the person signed in with a one-time password and must choose their own before anything
   * else (`POST auth/password`); the token holds no permissions until then.
   */
  password_change_required: v.optional(v.boolean()),
  /** Ours: the password was right; the second factor's code comes next (`POST auth/second-factor/verification`). */
  second_factor_required: v.optional(v.boolean()),
  /** Ours: a role requires a second factor the person has not enrolled; enrolling comes next. */
  second_factor_enrolment_required: v.optional(v.boolean()),
});
export type Session = v.InferOutput<typeof sessionSchema>;

const resourceAccessSchema = v.record(v.string(), v.object({ roles: v.array(v.string()) }));

/** Claims of the access token, shaped like a Keycloak token (spec §3). */
export const tokenClaimsSchema = v.object({
  /** The token's own id (Keycloak's `jti`): what `POST auth/logout` revokes. */
  jti: v.optional(v.string()),
  sub: v.string(),
  iss: v.string(),
  iat: v.number(),
  exp: v.number(),
  name: v.string(),
  email: v.string(),
  preferred_username: v.string(),
  resource_access: resourceAccessSchema,
  /** Ours: set on a token of an unfinished sign-in, which holds no permission (SESSION_STAGES). */
  stage: v.optional(v.picklist(SESSION_STAGES)),
});
export type TokenClaims = v.InferOutput<typeof tokenClaimsSchema>;

/** Ours: `POST auth/logout` answers `data: null` once the token is signed out. */
export const logoutResponseSchema = v.null();

/**
 * Ours (decision 032): single sign-on with the provider's own OpenID provider, when configured.
 * `GET auth/sso` tells the sign-in screen whether to offer it and where to send the browser; the
 * console runs the authorization-code flow with PKCE and hands the code to `POST auth/sso/token`.
 */
export const ssoSettingsSchema = v.variant('enabled', [
  v.object({ enabled: v.literal(false) }),
  v.object({
    enabled: v.literal(true),
    /** The button reads "Sign in with <label>". */
    label: v.string(),
    /** The OpenID provider's, from its discovery document. */
    authorization_endpoint: v.string(),
    client_id: v.string(),
    scope: v.string(),
  }),
]);
export type SsoSettings = v.InferOutput<typeof ssoSettingsSchema>;

/** What the console's callback sends: a short opaque value, at most this long. */
const SSO_VALUE_MAX = 2048;

const SSO_MESSAGES = {
  code: 'code is required: the authorization code the identity provider returned',
  codeVerifier: 'code_verifier must be the PKCE verifier: 43 to 128 letters, digits or -._~ (RFC 7636)',
  redirectUri: 'redirect_uri must be the http(s) address the identity provider returned to',
  nonce: 'nonce is required: the value sent with the authorization request',
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function ssoValue(message: string) {
  return v.pipe(
    v.string(message),
    v.nonEmpty(message),
    v.maxLength(SSO_VALUE_MAX, message),
    v.regex(/^[!-~]+$/, message),
  );
}

/** `POST auth/sso/token`: the authorization response's code, with what proves it is this browser's. */
export const ssoTokenPayloadSchema = payloadObject({
  code: ssoValue(SSO_MESSAGES.code),
  code_verifier: v.pipe(
    v.string(SSO_MESSAGES.codeVerifier),
    v.regex(/^[A-Za-z0-9\-._~]{43,128}$/, SSO_MESSAGES.codeVerifier),
  ),
  redirect_uri: v.pipe(ssoValue(SSO_MESSAGES.redirectUri), v.check(isHttpUrl, SSO_MESSAGES.redirectUri)),
  nonce: ssoValue(SSO_MESSAGES.nonce),
});
export type SsoTokenPayload = v.InferOutput<typeof ssoTokenPayloadSchema>;

/** Refusals of a single sign-on (decision 032). */
export const SSO_ERRORS = {
  off: 'Single sign-on is not configured on this server',
  exchangeFailed: 'The identity provider did not accept this sign-in. Start again from the sign-in screen.',
  invalidIdToken:
    "The identity provider's answer could not be verified. Start again from the sign-in screen.",
  noEmail: 'The identity provider did not give a verified e-mail address for this person',
  noRole:
    'Your identity provider account has no role in this console. Ask an administrator to grant you one.',
  unreachable: 'The identity provider cannot be reached. Try again later.',
  stateMismatch: 'This sign-in was not started here, or has expired. Start again from the sign-in screen.',
} as const;

/** Where the console keeps the session (spec §7 "Client storage", §9). */
export const STORAGE_KEYS = {
  session: 'session',
  accessToken: 'access_token',
  permissions: 'permissions',
  sidebarExpanded: 'sidebar-expanded',
} as const;
