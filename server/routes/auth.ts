/**
 * `POST /auth/login` (form-encoded, spec §7), single sign-on (`GET /auth/sso`, `POST /auth/sso/token`,
 * decision 032), `POST /auth/logout` and `GET /auth/jwks`. Sign-in
 * answers the same 401 for an unknown e-mail and a wrong password, after the same argon2 work, and
 * is rate limited per username + address and per address, across every server process sharing the
 * database (server/auth/rate-limit.ts).
 */
import { SSO_ERRORS } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { authOperations } from '@contract/operations/auth';
import { USER_ERRORS } from '@contract/user';
import type { Context } from 'hono';
import { checkPassword } from '../auth/passwords';
import { mappedRoleRefs, type SsoClaims, SsoFailure } from '../auth/sso';
import { resolveRoles, signOnPerson } from '../db/queries/sso-identities';
import { findSignInUser } from '../db/queries/users';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { auditActor, auditOrigin, recordAudit } from '../services/audit-log';
import { openStaffSession, sessionOrigin } from '../services/staff-session';

type SignInUser = NonNullable<Awaited<ReturnType<typeof findSignInUser>>>;

/** What a refusal of the provider's answer tells the person (the reason itself goes to the audit log). */
function ssoRefusal(failure: SsoFailure): ApiError {
  if (failure.reason === 'unreachable') return new ApiError(503, SSO_ERRORS.unreachable);
  if (failure.reason === 'code-refused') return new ApiError(401, SSO_ERRORS.exchangeFailed);
  if (failure.reason === 'nonce-mismatch') return new ApiError(401, SSO_ERRORS.stateMismatch);
  return new ApiError(401, SSO_ERRORS.invalidIdToken);
}

export function authRoutes(deps: RouteDeps) {
  const { db, tokens, rateLimiter, clientAddress, revocations, clock, sso } = deps;

  /**
   * A single sign-on's audit record (decision 031), like a password sign-in's with `method: sso`;
   * the resource is the person, or the e-mail (else the provider's subject) when there is none yet.
   */
  const ssoAudit = (
    c: Context,
    who: { user?: SignInUser | null; claims?: SsoClaims },
    outcome: 'success' | 'failure',
    more: Record<string, unknown> = {},
  ) =>
    recordAudit(db, {
      actor: who.user ? auditActor({ sub: who.user.id, name: who.user.name, email: who.user.email }) : null,
      action: 'auth.sign-in',
      resource: { type: 'user', id: who.user?.id ?? who.claims?.email ?? who.claims?.subject ?? 'unknown' },
      after: { method: 'sso', ...more },
      address: clientAddress(c),
      outcome,
      at: clock(),
    });

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

    handle(authOperations.ssoSettings, async ({ c }) => {
      if (!sso) return { enabled: false } as const;
      let discovery: Awaited<ReturnType<typeof sso.discover>>;
      try {
        discovery = await sso.discover();
      } catch (error) {
        if (error instanceof SsoFailure) throw ssoRefusal(error);
        throw error;
      }
      c.header('Cache-Control', 'no-store');
      return {
        enabled: true,
        label: sso.config.label,
        authorization_endpoint: discovery.authorization_endpoint,
        client_id: sso.config.clientId,
        scope: sso.config.scope,
      } as const;
    }),

    handle(authOperations.ssoToken, async ({ c, body }) => {
      if (!sso) throw new ApiError(404, SSO_ERRORS.off);
      let claims: SsoClaims;
      try {
        claims = await sso.signIn(body, clock());
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        await ssoAudit(c, {}, 'failure', { reason: error.reason });
        throw ssoRefusal(error);
      }
      // Only the roles the mapping grants, each time: the provider decides, this server follows.
      const roleIds = await resolveRoles(db, mappedRoleRefs(claims.providerRoles, sso.config));
      if (roleIds.length === 0) {
        await ssoAudit(c, { claims }, 'failure', { reason: 'no-role', provider_roles: claims.providerRoles });
        throw new ApiError(403, SSO_ERRORS.noRole);
      }
      const fallbackName = claims.email?.split('@')[0] ?? claims.subject;
      const person = await signOnPerson(
        db,
        {
          issuer: sso.config.issuer,
          subject: claims.subject,
          verifiedEmail: claims.emailVerified ? claims.email : null,
          name: claims.name ?? claims.preferredUsername ?? fallbackName,
          preferredUsername: claims.preferredUsername ?? fallbackName,
        },
        roleIds,
        clock(),
      );
      if (!person.ok) {
        await ssoAudit(c, { user: person.user, claims }, 'failure', { reason: person.reason });
        if (person.reason === 'deactivated') throw new ApiError(403, USER_ERRORS.deactivated);
        if (person.reason === 'no-email') throw new ApiError(403, SSO_ERRORS.noEmail);
        throw new ApiError(409, USER_ERRORS.lastUserAdmin);
      }
      // Changed roles signed the person's other sessions out: this process refuses them at once.
      if (person.rolesChanged) await revocations.refresh();
      const { user } = person;
      c.set('signedIn', user.id);
      const session = await openStaffSession(deps, user, sessionOrigin(c, clientAddress), {
        identityProvider: true,
      });
      await ssoAudit(c, { user, claims }, 'success', {
        ...(person.created ? { created: true } : {}),
        ...(person.linked ? { linked: true } : {}),
        roles: roleIds,
      });
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
