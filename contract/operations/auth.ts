/** Sign-in, sign-out and the token signing keys. Texts follow docs/api.md. */
import { loginPayloadSchema, logoutResponseSchema, sessionSchema } from '../auth';
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
