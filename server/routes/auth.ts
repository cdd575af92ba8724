/**
 * `POST /auth/login` (form-encoded, spec §7) and `GET /auth/jwks`. Sign-in answers the same 401 for
 * an unknown e-mail and a wrong password, after the same argon2 work, and is rate limited per
 * username + address and per address (server/auth/rate-limit.ts).
 */
import { loginPayloadSchema, type Session } from '@contract/auth';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { checkPassword } from '../auth/passwords';
import { users } from '../db/schema';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseOr400 } from '../http/validate';

/** What the console's session stores as `scope` (OpenID-style token response). */
const SESSION_SCOPE = 'openid profile email';

export function authRoutes({ db, tokens, rateLimiter, clientAddress, revocations }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    const contentType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') {
      throw new ApiError(400, API_SERVER_ERRORS.formEncoded);
    }
    const form = new URLSearchParams(await c.req.text());
    const payload = parseOr400(loginPayloadSchema, {
      username: form.get('username') ?? undefined,
      password: form.get('password') ?? undefined,
    });
    // E-mails are stored lower-case (users_email_lower_case); the limiter keys on the same form.
    const username = payload.username.toLowerCase();
    const address = clientAddress(c);

    // Counted as a failure from here on (rate-limit.ts explains why), taken back on success.
    const decision = rateLimiter.attempt(username, address);
    if (!decision.allowed) {
      throw new ApiError(429, API_ERRORS.rateLimited, { 'Retry-After': String(decision.retryAfterSeconds) });
    }

    const [user] = await db.select().from(users).where(eq(users.email, username)).limit(1);
    if (!(await checkPassword(user?.passwordHash, payload.password)) || !user) {
      throw new ApiError(401, API_ERRORS.badCredentials);
    }
    rateLimiter.succeeded(username, address);

    const { token, expiresIn } = await tokens.sign({
      id: user.id,
      email: user.email,
      name: user.name,
      preferredUsername: user.preferredUsername,
      permissions: user.permissions,
    });
    c.header('Cache-Control', 'no-store');
    return ok<Session>(c, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: SESSION_SCOPE,
    });
  });

  // Ours: signs this token out (docs/api.md, "Sign-out"); any valid token may, for itself only.
  app.post('/logout', async (c) => {
    const { jti, sub, exp } = c.get('claims');
    if (jti === undefined) throw new ApiError(400, `jti: ${API_ERRORS.tokenWithoutId}`);
    await revocations.revoke({ jti, userId: sub, expiresAt: new Date(exp * 1000) });
    c.header('Cache-Control', 'no-store');
    return ok(c, null);
  });

  app.get('/jwks', (c) => {
    // Served bare (RFC 7517), not in the envelope: JWKS consumers expect `{ keys }` at the top.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(tokens.jwks());
  });

  return app;
}
