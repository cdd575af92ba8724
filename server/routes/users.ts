import { userAuditFields } from '@contract/audit-log';
/**
 * Staff users (ours, issue 21): list, detail, create, update, activate/deactivate and password reset,
 * and a person's own password change. Access, paths and validation are the declarations'
 * (contract/operations/users.ts). What signs a person out (deactivation, a change of roles, a new
 * password) records it in the write's transaction; this process then refreshes its revocation list
 * so the next call is refused here at once, and the other processes hear of it as of any sign-out.
 */
import type { TokenClaims } from '@contract/auth';
import { ACTIVATION_COMMAND_TARGET } from '@contract/fields';
import { API_ERRORS } from '@contract/messages';
import { userOperations } from '@contract/operations/users';
import { type StaffUser, USER_ERRORS, USER_MESSAGES } from '@contract/user';
import { hash } from '@node-rs/argon2';
import type { Context } from 'hono';
import { checkPassword } from '../auth/passwords';
import {
  createUser,
  findSignInUser,
  findUser,
  listUsers,
  setPassword,
  setUserStatus,
  type UserWrite,
  type UserWriteHook,
  updateUser,
} from '../db/queries/users';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { auditOrigin, recordAudit } from '../services/audit-log';
import { oneTimePassword } from '../services/one-time-password';
import { openStaffSession, sessionOrigin } from '../services/staff-session';
import { found, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('User');

function userOrRefusal(result: UserWrite, detail: { email?: string; status?: string } = {}): StaffUser {
  if (result.ok) return result.user;
  switch (result.reason) {
    case 'not-found':
      throw new ApiError(404, NOT_FOUND);
    case 'email-taken':
      throw new ApiError(409, USER_ERRORS.emailTaken(detail.email ?? ''));
    case 'unknown-role':
      throw new ApiError(400, `role_ids: ${USER_ERRORS.unknownRole}`);
    case 'same-status':
      throw new ApiError(409, USER_ERRORS.alreadyInStatus(detail.status ?? ''));
    case 'last-user-admin':
      throw new ApiError(409, USER_ERRORS.lastUserAdmin);
  }
}

export function userRoutes(deps: RouteDeps) {
  const { db, clock, revocations, rateLimiter, clientAddress } = deps;
  /** After a write that signed someone out: refused by this process from the next call on. */
  const signedOut = async (result: UserWrite) => {
    if (result.ok) await revocations.refresh();
    return result;
  };
  /** The audit record of a write, made in its transaction (decision 031). */
  const audited =
    (c: Context, claims: TokenClaims, action: string): UserWriteHook =>
    (tx, before, after) =>
      recordAudit(tx, {
        ...auditOrigin(c, claims, clock()),
        action,
        resource: { type: 'user', id: after.id },
        before: before && userAuditFields(before),
        after: userAuditFields(after),
      });

  return [
    handle(userOperations.list, ({ query }) => pageOf(listUsers(db, query), query)),
    handle(userOperations.detail, ({ params }) => found(findUser(db, params.id), NOT_FOUND)),

    handle(userOperations.create, async ({ c, body, claims }) => {
      const password = oneTimePassword();
      const result = await createUser(
        db,
        body,
        await hash(password),
        clock(),
        audited(c, claims, 'user.create'),
      );
      return { user: userOrRefusal(result, { email: body.email }), one_time_password: password };
    }),

    handle(userOperations.update, async ({ c, params, body, claims }) =>
      userOrRefusal(
        await signedOut(await updateUser(db, params.id, body, clock(), audited(c, claims, 'user.update'))),
      ),
    ),

    handle(userOperations.command, async ({ c, params, query, claims }) => {
      const status = ACTIVATION_COMMAND_TARGET[query.command];
      const hook = audited(c, claims, `user.${query.command}`);
      return userOrRefusal(await signedOut(await setUserStatus(db, params.id, status, clock(), hook)), {
        status,
      });
    }),

    handle(userOperations.resetPassword, async ({ c, params, claims }) => {
      const password = oneTimePassword();
      const hook = audited(c, claims, 'user.password.reset');
      const result = await signedOut(
        await setPassword(db, params.id, await hash(password), true, clock(), hook),
      );
      return { user: userOrRefusal(result), one_time_password: password };
    }),

    // Any valid token, for its own person; guesses of the current password count as failed sign-ins.
    handle(userOperations.changeOwnPassword, async ({ c, body, claims }) => {
      const user = await findSignInUser(db, { id: claims.sub });
      if (!user) throw new ApiError(401, API_ERRORS.unauthenticated);
      if (user.status !== 'ACTIVE') throw new ApiError(403, USER_ERRORS.deactivated);
      const address = clientAddress(c);
      const decision = await rateLimiter.attempt(user.email, address);
      if (!decision.allowed)
        throw new ApiError(429, API_ERRORS.rateLimited, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      if (!(await checkPassword(user.passwordHash, body.current_password)))
        throw new ApiError(400, `current_password: ${USER_ERRORS.wrongPassword}`);
      await rateLimiter.succeeded(user.email, address);
      if (body.new_password === body.current_password)
        throw new ApiError(400, `new_password: ${USER_MESSAGES.samePassword}`);
      const result = await signedOut(
        await setPassword(
          db,
          user.id,
          await hash(body.new_password),
          false,
          clock(),
          audited(c, claims, 'user.password.change'),
        ),
      );
      userOrRefusal(result);
      // This token too: it may have been signed before its session was recorded.
      if (claims.jti !== undefined)
        await revocations.revoke({
          jti: claims.jti,
          userId: user.id,
          expiresAt: new Date(claims.exp * 1000),
        });
      const changed = await findSignInUser(db, { id: user.id });
      if (!changed) throw new ApiError(404, NOT_FOUND);
      c.header('Cache-Control', 'no-store');
      // This person got here past their second factor, if they have one (decision 029).
      return openStaffSession(deps, changed, sessionOrigin(c, clientAddress), { secondFactorDone: true });
    }),
  ];
}
