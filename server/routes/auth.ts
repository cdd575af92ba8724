/**
 * `POST /auth/login` (form-encoded, spec §7), `POST /auth/logout` and `GET /auth/jwks`. Sign-in
 * answers the same 401 for an unknown e-mail and a wrong password, after the same argon2 work, and
 * is rate limited per username + address and per address, across every server process sharing the
 * database (server/auth/rate-limit.ts).
 */
import { API_ERRORS } from '@contract/messages';
import { authOperations } from '@contract/operations/auth';
import { USER_ERRORS } from '@contract/user';
import { checkPassword } from '../auth/passwords';
import { findSignInUser } from '../db/queries/users';

type SignInUser = NonNullable<Awaited<ReturnType<typeof findSignInUser>>>;

import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { auditActor, auditOrigin, recordAudit } from '../services/audit-log';
import { openStaffSession, sessionOrigin } from '../services/staff-session';

export function authRoutes({ db, tokens, rateLimiter, clientAddress, revocations, clock }: RouteDeps) {
  return [
    handle(authOperations.login, async ({ c, body }) => {
      // E-mails are stored lower-case (users_email_lower_case); the limiter keys on the same form.
      const username = body.username.toLowerCase();
      const address = clientAddress(c);

      /**
       * Every attempt's audit record (decision 031), its own statement: a refusal is recorded and
       * stays. The resource is the person, or the e-mail tried when no person has it.
       */
      const audit = (signIn: SignInUser | undefined, outcome: 'success' | 'failure', reason?: string) =>
        recordAudit(db, {
          actor: signIn ? auditActor({ sub: signIn.id, name: signIn.name, email: signIn.email }) : null,
          action: 'auth.sign-in',
          resource: { type: 'user', id: signIn?.id ?? username },
          after: reason ? { reason } : undefined,
          address,
          outcome,
          at: clock(),
        });

      // Counted as a failure from here on (rate-limit.ts explains why), taken back on success.
      const decision = await rateLimiter.attempt(username, address);
      if (!decision.allowed) {
        await audit(undefined, 'failure', 'rate-limited');
        throw new ApiError(429, API_ERRORS.rateLimited, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }

      const user = await findSignInUser(db, { email: username });
      if (!(await checkPassword(user?.passwordHash, body.password)) || !user) {
        await audit(user, 'failure', user ? 'wrong-password' : 'unknown-user');
        throw new ApiError(401, API_ERRORS.badCredentials);
      }
      await rateLimiter.succeeded(username, address);
      // Said only to whoever knows the password, so it reveals nothing about which accounts exist.
      if (user.status !== 'ACTIVE') {
        await audit(user, 'failure', 'deactivated');
        throw new ApiError(403, USER_ERRORS.deactivated);
      }
      // The request log's user id: a sign-in carries no token to read it from.
      c.set('signedIn', user.id);

      const session = await openStaffSession({ db, tokens, clock }, user, sessionOrigin(c, clientAddress));
      await audit(user, 'success');
      c.header('Cache-Control', 'no-store');
      return session;
    }),

    // Ours: signs this token out (docs/api.md, "Sign-out"); any valid token may, for itself only.
    handle(authOperations.logout, async ({ c, claims }) => {
      const { jti, sub, exp } = claims;
      if (jti === undefined) throw new ApiError(400, `jti: ${API_ERRORS.tokenWithoutId}`);
      await revocations.revoke({ jti, userId: sub, expiresAt: new Date(exp * 1000) });
      await recordAudit(db, {
        ...auditOrigin(c, claims, clock()),
        action: 'auth.sign-out',
        resource: { type: 'user', id: sub },
      });
      c.header('Cache-Control', 'no-store');
      return null;
    }),

    handle(authOperations.jwks, ({ c }) => {
      // Served bare (RFC 7517), not in the envelope: JWKS consumers expect `{ keys }` at the top.
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(tokens.jwks());
    }),
  ];
}
