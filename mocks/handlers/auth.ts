import { SSO_ERRORS } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { authOperations } from '@contract/operations/auth';
import { publishedKeys } from '../data/token-signing';
import { findDemoUser, MOCK_USER_IDS, signedSessionFor } from '../data/users';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { secondFactorRequired } from './account';

/**
 * `POST auth/login`, `POST auth/logout` and `GET auth/jwks`, registered from their declarations (mocks/operation.ts):
 * sign-in's form body is checked with the contract's loginPayloadSchema there (400 naming the
 * field, 400 for another content type), so the resolver only looks the user up: the session on
 * success, 401 'Invalid username or password' otherwise.
 */
export const authHandlers = [
  mock(authOperations.login, async ({ body: { username, password } }) => {
    const user = findDemoUser(username, password);
    if (!user) return failure(401, API_ERRORS.badCredentials);
    // As the server (decision 029): the code comes next, or the enrolment a role requires.
    const id = MOCK_USER_IDS[user.key];
    if (db.secondFactors.get(id)?.confirmed) return await signedSessionFor(user, { stage: 'second-factor' });
    if (secondFactorRequired(id)) return await signedSessionFor(user, { stage: 'second-factor-enrolment' });
    return await signedSessionFor(user);
  }),

  // Single sign-on (decision 032) is off in the mocks, as on a server without SSO_* settings: there is
  // no identity provider to send the browser to. Component tests turn it on with their own handler.
  mock(authOperations.ssoSettings, () => ({ enabled: false }) as const),
  mock(authOperations.ssoToken, () => failure(404, SSO_ERRORS.off)),

  // Ours, like server/routes/auth.ts: this token is refused from now on. A missing or signed-out
  // token is already 401 (mocks/operation.ts); a token without an id cannot be signed out.
  mock(authOperations.logout, ({ claims }) => {
    if (!claims.jti) return failure(400, `jti: ${API_ERRORS.tokenWithoutId}`);
    db.revokedTokens.add(claims.jti);
    return null;
  }),

  // As the server: the key set bare (RFC 7517), with the public key of the tokens the mocks sign.
  mock(
    authOperations.jwks,
    async () =>
      new Response(JSON.stringify(await publishedKeys()), {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
      }),
  ),
];
