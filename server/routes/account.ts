/**
 * The signed-in person's account (their sessions, the TOTP second factor), the sign-in's second
 * step, and an administrator's view and end of someone's sessions (decision 029). Codes and
 * passwords given here count with failed sign-ins (server/auth/rate-limit.ts, decision 022). What
 * signs sessions out refreshes this process's revocation list before answering, as users.ts does.
 */
import { ACCOUNT_ERRORS, type SecondFactorStatus } from '@contract/account';
import type { TokenClaims } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { accountOperations } from '@contract/operations/account';
import { USER_ERRORS } from '@contract/user';
import type { Context } from 'hono';
import { checkPassword } from '../auth/passwords';
import { findRole } from '../db/queries/roles';
import {
  claimStep,
  confirmEnrolment,
  endSessions,
  findSecondFactor,
  listSessions,
  recoveryCodesLeft,
  removeSecondFactor,
  secondFactorRequired,
  setRoleSecondFactor,
  spendRecoveryCode,
  startEnrolment,
} from '../db/queries/second-factor';
import { findSignInUser, findUser } from '../db/queries/users';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { type AuditEntry, auditActor, recordAudit, requestAddress } from '../services/audit-log';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from '../services/second-factor';
import { openStaffSession, sessionOrigin } from '../services/staff-session';

const USER_NOT_FOUND = API_ERRORS.notFound('User');

type SignInUser = NonNullable<Awaited<ReturnType<typeof findSignInUser>>>;
const ROLE_NOT_FOUND = API_ERRORS.notFound('Role');

export function accountRoutes(deps: RouteDeps) {
  const { db, clock, revocations, rateLimiter, clientAddress } = deps;

  /** The caller's own row: 401 when it is gone, 403 when deactivated. */
  async function caller(claims: TokenClaims) {
    const user = await findSignInUser(db, { id: claims.sub });
    if (!user) throw new ApiError(401, API_ERRORS.unauthenticated);
    if (user.status !== 'ACTIVE') throw new ApiError(403, USER_ERRORS.deactivated);
    return user;
  }

  /** Counts the attempt as a failed sign-in until `succeeded`; 429 past the limit. */
  async function attempt(c: Context, email: string) {
    const address = clientAddress(c);
    const decision = await rateLimiter.attempt(email, address);
    if (!decision.allowed)
      throw new ApiError(429, API_ERRORS.rateLimited, { 'Retry-After': String(decision.retryAfterSeconds) });
    return { succeeded: () => rateLimiter.succeeded(email, address) };
  }

  async function statusOf(userId: string): Promise<SecondFactorStatus> {
    const [factor, left, required] = await Promise.all([
      findSecondFactor(db, userId),
      recoveryCodesLeft(db, userId),
      secondFactorRequired(db, userId),
    ]);
    const confirmedAt = factor?.confirmedAt ?? null;
    return {
      enabled: confirmedAt !== null,
      confirmed_at: confirmedAt?.toISOString() ?? null,
      recovery_codes_left: confirmedAt ? left : 0,
      required,
    };
  }

  const audit = (c: Context, claims: TokenClaims, entry: Omit<AuditEntry, 'actor' | 'address' | 'at'>) =>
    ({ ...entry, actor: auditActor(claims), address: requestAddress(c), at: clock() }) satisfies AuditEntry;

  /**
   * Finishes a sign-in held at a step (the code, or the enrolment a role requires): the step's token
   * is signed out so it cannot be used twice, the sign-in is recorded as every sign-in is
   * (`auth.sign-in`, decision 031), and a session opens.
   */
  async function finishSignIn(
    c: Context,
    claims: TokenClaims,
    user: SignInUser,
    step: Record<string, string>,
  ) {
    if (claims.jti !== undefined)
      await revocations.revoke({
        jti: claims.jti,
        userId: claims.sub,
        expiresAt: new Date(claims.exp * 1000),
      });
    const session = await openStaffSession(deps, user, sessionOrigin(c, clientAddress), {
      secondFactorDone: true,
    });
    await recordAudit(
      db,
      audit(c, claims, { action: 'auth.sign-in', resource: { type: 'user', id: user.id }, after: step }),
    );
    c.set('signedIn', user.id);
    c.header('Cache-Control', 'no-store');
    return session;
  }

  /** A refused code at the sign-in's step, recorded as a failed sign-in, then the 400. */
  async function refuseCode(c: Context, claims: TokenClaims, message: string): Promise<never> {
    await recordAudit(
      db,
      audit(c, claims, {
        action: 'auth.sign-in',
        resource: { type: 'user', id: claims.sub },
        after: {
          step: 'second-factor',
          reason: message === ACCOUNT_ERRORS.usedCode ? 'used-code' : 'wrong-code',
        },
        outcome: 'failure',
      }),
    );
    throw new ApiError(400, `code: ${message}`);
  }

  /** Ends a person's sessions (all, or all but `keep`) with its audit record, then refreshes the list. */
  async function endSessionsOf(
    c: Context,
    claims: TokenClaims,
    userId: string,
    keep: string | undefined,
    action: 'user.sessions.end' | 'user.sessions.end-others',
  ) {
    const ended = await db.transaction(async (tx) => {
      const count = await endSessions(tx, userId, { keep, now: clock() });
      await recordAudit(
        tx,
        audit(c, claims, { action, resource: { type: 'user', id: userId }, after: { ended: count } }),
      );
      return count;
    });
    await revocations.refresh();
    return { ended };
  }

  return [
    handle(accountOperations.sessions, ({ claims }) =>
      listSessions(db, claims.sub, { activeOnly: true, now: clock(), currentJti: claims.jti }),
    ),

    handle(accountOperations.endOtherSessions, async ({ c, claims }) => {
      // Without its own id, this token could not be told from the others and would go with them.
      if (claims.jti === undefined) throw new ApiError(400, `jti: ${API_ERRORS.tokenWithoutId}`);
      return endSessionsOf(c, claims, claims.sub, claims.jti, 'user.sessions.end-others');
    }),

    handle(accountOperations.secondFactor, ({ claims }) => statusOf(claims.sub)),

    handle(accountOperations.startEnrolment, async ({ c, claims }) => {
      const user = await caller(claims);
      const { secret, uri } = newTotpSecret(user.email);
      if (!(await db.transaction((tx) => startEnrolment(tx, user.id, secret))))
        throw new ApiError(409, ACCOUNT_ERRORS.alreadyEnabled);
      c.header('Cache-Control', 'no-store');
      return { secret, otpauth_uri: uri };
    }),

    handle(accountOperations.confirmEnrolment, async ({ c, body, claims }) => {
      const user = await caller(claims);
      const factor = await findSecondFactor(db, user.id);
      if (!factor) throw new ApiError(409, ACCOUNT_ERRORS.noEnrolment);
      if (factor.confirmedAt) throw new ApiError(409, ACCOUNT_ERRORS.alreadyEnabled);
      const limited = await attempt(c, user.email);
      const step = totpStep(factor.secret, body.code, clock());
      if (step === null) throw new ApiError(400, `code: ${ACCOUNT_ERRORS.wrongCode}`);
      const codes = newRecoveryCodes();
      const result = await db.transaction(async (tx) => {
        const outcome = await confirmEnrolment(tx, user.id, step, codes.map(recoveryCodeHash), clock());
        if (outcome === 'confirmed')
          await recordAudit(
            tx,
            audit(c, claims, { action: 'user.second-factor.enrol', resource: { type: 'user', id: user.id } }),
          );
        return outcome;
      });
      if (result === 'not-started') throw new ApiError(409, ACCOUNT_ERRORS.noEnrolment);
      if (result === 'used-code') throw new ApiError(400, `code: ${ACCOUNT_ERRORS.usedCode}`);
      await limited.succeeded();
      c.header('Cache-Control', 'no-store');
      if (claims.stage !== 'second-factor-enrolment') return { recovery_codes: codes, session: null };
      // The sign-in that had to enrol is finished: its step token goes, a session comes.
      const session = await finishSignIn(c, claims, user, { step: 'second-factor-enrolment' });
      return { recovery_codes: codes, session };
    }),

    handle(accountOperations.removeSecondFactor, async ({ c, body, claims }) => {
      const user = await caller(claims);
      const status = await statusOf(user.id);
      if (!status.enabled) throw new ApiError(409, ACCOUNT_ERRORS.notEnabled);
      if (status.required) throw new ApiError(409, ACCOUNT_ERRORS.requiredByRole);
      const limited = await attempt(c, user.email);
      if (!(await checkPassword(user.passwordHash, body.password)))
        throw new ApiError(400, `password: ${ACCOUNT_ERRORS.wrongPassword}`);
      await limited.succeeded();
      await db.transaction(async (tx) => {
        if (await removeSecondFactor(tx, user.id, { signOut: false, now: clock() }))
          await recordAudit(
            tx,
            audit(c, claims, {
              action: 'user.second-factor.remove',
              resource: { type: 'user', id: user.id },
            }),
          );
      });
      return statusOf(user.id);
    }),

    handle(accountOperations.verify, async ({ c, body, claims }) => {
      if (claims.stage !== 'second-factor') throw new ApiError(409, ACCOUNT_ERRORS.noCodeAwaited);
      const user = await caller(claims);
      const factor = await findSecondFactor(db, user.id);
      if (!factor?.confirmedAt) throw new ApiError(409, ACCOUNT_ERRORS.notEnabled);
      const limited = await attempt(c, user.email);
      const now = clock();
      let how: 'code' | 'recovery-code';
      if (/^\d{6}$/.test(body.code)) {
        const step = totpStep(factor.secret, body.code, now);
        if (step === null) return refuseCode(c, claims, ACCOUNT_ERRORS.wrongCode);
        if (!(await claimStep(db, user.id, step))) return refuseCode(c, claims, ACCOUNT_ERRORS.usedCode);
        how = 'code';
      } else {
        if (!(await spendRecoveryCode(db, user.id, recoveryCodeHash(body.code), now)))
          return refuseCode(c, claims, ACCOUNT_ERRORS.wrongCode);
        how = 'recovery-code';
      }
      await limited.succeeded();
      await recordAudit(
        db,
        audit(c, claims, {
          action: 'user.second-factor.verify',
          resource: { type: 'user', id: user.id },
          after: { with: how },
        }),
      );
      return finishSignIn(c, claims, user, { step: 'second-factor', with: how });
    }),

    handle(accountOperations.userSessions, async ({ params, claims }) => {
      if (!(await findUser(db, params.id))) throw new ApiError(404, USER_NOT_FOUND);
      return listSessions(db, params.id, { activeOnly: false, now: clock(), currentJti: claims.jti });
    }),

    handle(accountOperations.endUserSessions, async ({ c, params, claims }) => {
      if (!(await findUser(db, params.id))) throw new ApiError(404, USER_NOT_FOUND);
      return endSessionsOf(c, claims, params.id, undefined, 'user.sessions.end');
    }),

    handle(accountOperations.resetUserSecondFactor, async ({ c, params, claims }) => {
      if (!(await findUser(db, params.id))) throw new ApiError(404, USER_NOT_FOUND);
      const removed = await db.transaction(async (tx) => {
        const done = await removeSecondFactor(tx, params.id, { signOut: true, now: clock() });
        if (done)
          await recordAudit(
            tx,
            audit(c, claims, {
              action: 'user.second-factor.reset',
              resource: { type: 'user', id: params.id },
            }),
          );
        return done;
      });
      if (!removed) throw new ApiError(409, ACCOUNT_ERRORS.notEnabled);
      await revocations.refresh();
      const user = await findUser(db, params.id);
      if (!user) throw new ApiError(404, USER_NOT_FOUND);
      return user;
    }),

    handle(accountOperations.roleSecondFactor, async ({ c, params, body, claims }) => {
      const before = await findRole(db, params.id);
      if (!before) throw new ApiError(404, ROLE_NOT_FOUND);
      await db.transaction(async (tx) => {
        if (!(await setRoleSecondFactor(tx, params.id, body.required, clock())))
          throw new ApiError(404, ROLE_NOT_FOUND);
        await recordAudit(
          tx,
          audit(c, claims, {
            action: 'role.second-factor',
            resource: { type: 'role', id: params.id },
            before: { requires_second_factor: before.requires_second_factor },
            after: { requires_second_factor: body.required },
          }),
        );
      });
      const role = await findRole(db, params.id);
      if (!role) throw new ApiError(404, ROLE_NOT_FOUND);
      return role;
    }),
  ];
}
