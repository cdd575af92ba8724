/** Sign-in, sign-out and the token signing keys. Texts follow docs/api.md. */
import {
  loginPayloadSchema,
  logoutResponseSchema,
  sessionSchema,
  ssoSettingsSchema,
  ssoTokenPayloadSchema,
} from '../auth';
import { defineOperation } from './define';

export const authOperations = {
  login: defineOperation({
    method: 'post',
    path: '/auth/login',
    tag: 'Authentication',
    summary: 'Sign in',
    description:
      'Form-encoded `username` (the e-mail, case-insensitive) and `password`; any other content type is 400. ' +
      'A wrong password and an unknown e-mail answer the same 401. Failed sign-ins are rate limited per username ' +
      'and client address (5 in 15 minutes) and per address (20); past the limit: 429 with `Retry-After`. ' +
      'Ours: a person with a one-time password gets `password_change_required: true` and a token with no ' +
      'permissions, good for `POST auth/password` only.',
    public: true,
    body: { schema: loginPayloadSchema, form: true },
    response: { data: sessionSchema },
    errors: {
      403: 'The right password of a deactivated person (ours, issue 21).',
      429: 'Too many failed sign-ins; `Retry-After` gives the seconds to wait.',
    },
  }),
  logout: defineOperation({
    method: 'post',
    path: '/auth/logout',
    tag: 'Authentication',
    summary: 'Sign out this token',
    description:
      'Ours: the bearer token is refused from now until it would have expired (401 `This session was signed ' +
      "out. Sign in again.`), by every process of the deployment within seconds; the user's other sessions are " +
      'untouched. Any valid token may sign itself out; a token without `jti` cannot (400). Answers `data: null`.',
    response: { data: logoutResponseSchema },
  }),
  ssoSettings: defineOperation({
    method: 'get',
    path: '/auth/sso',
    tag: 'Authentication',
    summary: 'Single sign-on settings',
    description:
      'Ours (decision 032): `enabled: false` when the server has no identity provider configured; else the ' +
      "button's label and what the console needs to send the browser to the provider: its " +
      '`authorization_endpoint` (from its discovery document), our `client_id` and the `scope` to ask for. The ' +
      'console adds `response_type=code`, `redirect_uri`, `state`, `nonce` and a PKCE `code_challenge` (S256).',
    public: true,
    response: { data: ssoSettingsSchema },
    errors: { 503: 'The identity provider is configured but its discovery document cannot be read.' },
  }),
  ssoToken: defineOperation({
    method: 'post',
    path: '/auth/sso/token',
    tag: 'Authentication',
    summary: 'Sign in with the identity provider',
    description:
      'Ours (decision 032): JSON `code`, `code_verifier`, `redirect_uri` and `nonce` from the authorization-code ' +
      "flow. The server redeems the code at the provider's token endpoint with its client secret, verifies the " +
      'ID token (signature through the JWKS, issuer, audience = our client id, expiry, nonce), maps the ' +
      "provider's roles onto ours (`SSO_ROLE_MAPPING`) and answers a session like `POST auth/login`. The " +
      'person is found by their provider identity, else by their verified e-mail, else created.',
    public: true,
    body: { schema: ssoTokenPayloadSchema },
    response: { data: sessionSchema },
    errors: {
      401: 'The provider refused the code, or its ID token failed a check (signature, issuer, audience, expiry, nonce).',
      403: 'The person is deactivated, or none of their provider roles maps to a role of ours.',
      404: 'Single sign-on is not configured on this server.',
      409: 'Refreshing their roles would leave nobody who can manage users.',
      429: 'Too many failed sign-ins from this address; `Retry-After` gives the seconds to wait.',
      503: 'The identity provider cannot be reached.',
    },
  }),
  jwks: defineOperation({
    method: 'get',
    path: '/auth/jwks',
    tag: 'Authentication',
    summary: 'Token signing keys (JWKS)',
    description: 'The public key as a JSON Web Key Set, not enveloped, cacheable for 5 minutes.',
    public: true,
    response: {
      contentType: 'application/json',
      description: 'A JSON Web Key Set (RFC 7517).',
      schema: {
        type: 'object',
        required: ['keys'],
        properties: { keys: { type: 'array', items: { type: 'object', required: ['kty', 'kid'] } } },
      },
    },
  }),
} as const;
