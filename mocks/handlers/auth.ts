import { logoutResponseSchema, sessionSchema } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { http } from 'msw';
import { findDemoUser, sessionFor } from '../data/users';
import { db } from '../db';
import { API, claimsOf, failure, ok } from '../http';

/**
 * `POST auth/login`, form-encoded (spec §7), answering like the reference server: the session on
 * success, 400 naming a missing field, 401 'Invalid username or password'. Responses go through the
 * contract's envelope and session schemas (mocks/http.ts), so they cannot drift from the server.
 */
export const authHandlers = [
  http.post(`${API}/auth/login`, async ({ request }) => {
    if (!request.headers.get('content-type')?.includes('application/x-www-form-urlencoded')) {
      return failure(400, 'Sign-in expects a form-encoded body');
    }
    const form = new URLSearchParams(await request.text());
    const username = form.get('username') ?? '';
    const password = form.get('password') ?? '';
    if (username.trim() === '') return failure(400, 'username is required');
    if (password === '') return failure(400, 'password is required');

    const user = findDemoUser(username, password);
    if (!user) return failure(401, API_ERRORS.badCredentials);
    return ok(sessionSchema, sessionFor(user));
  }),

  // Ours, like server/routes/auth.ts: this token is refused from now on.
  http.post(`${API}/auth/logout`, ({ request }) => {
    const claims = claimsOf(request);
    if (!claims) return failure(401, API_ERRORS.unauthenticated);
    if (!claims.jti) return failure(400, `jti: ${API_ERRORS.tokenWithoutId}`);
    if (db.revokedTokens.has(claims.jti)) return failure(401, API_ERRORS.tokenRevoked);
    db.revokedTokens.add(claims.jti);
    return ok(logoutResponseSchema, null);
  }),
];
