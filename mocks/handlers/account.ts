/**
 * The account calls and the sign-in's second step, as server/routes/account.ts answers them. The
 * mocks keep no session list: a person's sessions are the one making the call (the console's tests
 * need no more), so "sign out the others" ends none. TOTP codes are checked with otpauth as on the
 * server, each 30-second step once.
 */
import {
  ACCOUNT_ERRORS,
  RECOVERY_CODE_COUNT,
  type SecondFactorStatus,
  type StaffSession,
} from '@contract/account';
import { API_ERRORS } from '@contract/messages';
import { accountOperations } from '@contract/operations/account';
import { Secret, TOTP } from 'otpauth';
import { DEMO_USERS, MOCK_USER_IDS, signedSessionFor } from '../data/users';
import { db } from '../db';
import { failure, type MockClaims } from '../http';
import { mock } from '../operation';

const USER_NOT_FOUND = API_ERRORS.notFound('User');
const ROLE_NOT_FOUND = API_ERRORS.notFound('Role');

function totpOf(secret: string) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** The step of a right code (one step of drift either way), else null. */
function stepOf(secret: string, code: string): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

function demoOf(claims: MockClaims) {
  return Object.values(DEMO_USERS).find((u) => MOCK_USER_IDS[u.key] === claims.sub);
}

/** True when one of the person's roles requires a second factor. */
export function secondFactorRequired(userId: string): boolean {
  const user = db.staffUsers.find((u) => u.id === userId);
  return (user?.roles ?? []).some((r) => db.roles.find((role) => role.id === r.id)?.requires_second_factor);
}

function statusOf(userId: string): SecondFactorStatus {
  const factor = db.secondFactors.get(userId);
  const enabled = factor?.confirmed === true;
  return {
    enabled,
    confirmed_at: enabled ? new Date().toISOString() : null,
    recovery_codes_left: enabled ? (factor?.recoveryCodes.length ?? 0) : 0,
    required: secondFactorRequired(userId),
  };
}

function currentSession(claims: MockClaims & { iat?: number; exp?: number }): StaffSession {
  const now = Date.now();
  return {
    id: claims.jti ?? crypto.randomUUID(),
    user_agent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    address: null,
    started_at: new Date(claims.iat ? claims.iat * 1000 : now).toISOString(),
    last_seen_at: new Date(now).toISOString(),
    expires_at: new Date(claims.exp ? claims.exp * 1000 : now + 3_600_000).toISOString(),
    status: 'ACTIVE',
    current: true,
  };
}

function recoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...crypto.getRandomValues(new Uint8Array(10))].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const accountHandlers = [
  mock(accountOperations.sessions, ({ claims }) => [currentSession(claims)]),
  mock(accountOperations.endOtherSessions, ({ claims }) =>
    claims.jti ? { ended: 0 } : failure(400, `jti: ${API_ERRORS.tokenWithoutId}`),
  ),
  mock(accountOperations.secondFactor, ({ claims }) => statusOf(claims.sub ?? '')),

  mock(accountOperations.startEnrolment, ({ claims }) => {
    const id = claims.sub ?? '';
    if (db.secondFactors.get(id)?.confirmed) return failure(409, ACCOUNT_ERRORS.alreadyEnabled);
    const secret = new Secret({ size: 20 }).base32;
    db.secondFactors.set(id, { secret, confirmed: false, lastStep: null, recoveryCodes: [] });
    const uri = new TOTP({
      issuer: 'Payments back office',
      label: claims.name ?? 'staff',
      secret: Secret.fromBase32(secret),
    }).toString();
    return { secret, otpauth_uri: uri };
  }),

  mock(accountOperations.confirmEnrolment, async ({ body, claims }) => {
    const id = claims.sub ?? '';
    const factor = db.secondFactors.get(id);
    if (!factor) return failure(409, ACCOUNT_ERRORS.noEnrolment);
    if (factor.confirmed) return failure(409, ACCOUNT_ERRORS.alreadyEnabled);
    const step = stepOf(factor.secret, body.code);
    if (step === null) return failure(400, `code: ${ACCOUNT_ERRORS.wrongCode}`);
    const codes = recoveryCodes();
    db.secondFactors.set(id, { ...factor, confirmed: true, lastStep: step, recoveryCodes: codes });
    db.staffUsers = db.staffUsers.map((u) => (u.id === id ? { ...u, second_factor: true } : u));
    const demo = demoOf(claims);
    const finished = claims.stage === 'second-factor-enrolment' && demo;
    if (finished && claims.jti) db.revokedTokens.add(claims.jti);
    return { recovery_codes: codes, session: finished ? await signedSessionFor(demo) : null };
  }),

  mock(accountOperations.removeSecondFactor, ({ body, claims }) => {
    const id = claims.sub ?? '';
    const status = statusOf(id);
    if (!status.enabled) return failure(409, ACCOUNT_ERRORS.notEnabled);
    if (status.required) return failure(409, ACCOUNT_ERRORS.requiredByRole);
    if (demoOf(claims)?.password !== body.password)
      return failure(400, `password: ${ACCOUNT_ERRORS.wrongPassword}`);
    db.secondFactors.delete(id);
    db.staffUsers = db.staffUsers.map((u) => (u.id === id ? { ...u, second_factor: false } : u));
    return statusOf(id);
  }),

  mock(accountOperations.verify, async ({ body, claims }) => {
    if (claims.stage !== 'second-factor') return failure(409, ACCOUNT_ERRORS.noCodeAwaited);
    const demo = demoOf(claims);
    if (!demo) return failure(401, API_ERRORS.unauthenticated);
    const factor = db.secondFactors.get(claims.sub ?? '');
    if (!factor?.confirmed) return failure(409, ACCOUNT_ERRORS.notEnabled);
    if (/^\d{6}$/.test(body.code)) {
      const step = stepOf(factor.secret, body.code);
      if (step === null) return failure(400, `code: ${ACCOUNT_ERRORS.wrongCode}`);
      if (factor.lastStep !== null && step <= factor.lastStep)
        return failure(400, `code: ${ACCOUNT_ERRORS.usedCode}`);
      factor.lastStep = step;
    } else {
      const typed = body.code.replace(/[^a-z2-7]/g, '');
      const index = factor.recoveryCodes.findIndex((c) => c.replace('-', '') === typed);
      if (index < 0) return failure(400, `code: ${ACCOUNT_ERRORS.wrongCode}`);
      factor.recoveryCodes.splice(index, 1);
    }
    if (claims.jti) db.revokedTokens.add(claims.jti);
    return await signedSessionFor(demo);
  }),

  mock(accountOperations.userSessions, ({ params }) =>
    db.staffUsers.some((u) => u.id === params.id) ? [] : failure(404, USER_NOT_FOUND),
  ),
  mock(accountOperations.endUserSessions, ({ params }) =>
    db.staffUsers.some((u) => u.id === params.id) ? { ended: 0 } : failure(404, USER_NOT_FOUND),
  ),
  mock(accountOperations.resetUserSecondFactor, ({ params }) => {
    const user = db.staffUsers.find((u) => u.id === params.id);
    if (!user) return failure(404, USER_NOT_FOUND);
    if (!db.secondFactors.get(user.id)?.confirmed) return failure(409, ACCOUNT_ERRORS.notEnabled);
    db.secondFactors.delete(user.id);
    const next = { ...user, second_factor: false };
    db.staffUsers = db.staffUsers.map((u) => (u.id === user.id ? next : u));
    return next;
  }),

  mock(accountOperations.roleSecondFactor, ({ params, body }) => {
    const role = db.roles.find((r) => r.id === params.id);
    if (!role) return failure(404, ROLE_NOT_FOUND);
    const next = { ...role, requires_second_factor: body.required };
    db.roles = db.roles.map((r) => (r.id === role.id ? next : r));
    return { ...next, user_count: db.staffUsers.filter((u) => u.roles.some((r) => r.id === role.id)).length };
  }),
];
