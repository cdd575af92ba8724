/**
 * My account, the sign-in's second step, and an administrator's view of someone's sessions
 * (decision 029), on a role and a person of their own. Nothing
 * here turns a demo user's second factor on or ends a demo user's sessions: later cases sign in as
 * them.
 */
import {
  ACCOUNT_ERRORS,
  ACCOUNT_MESSAGES,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  sessionsEndedSchema,
  staffSessionSchema,
} from '@contract/account';
import { API_ERRORS } from '@contract/messages';
import { accountOperations } from '@contract/operations/account';
import { roleSchema } from '@contract/role';
import { userWithPasswordSchema } from '@contract/user';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, made, ok, table } from './table';

const USER_NOT_FOUND = API_ERRORS.notFound('User');
const ROLE_NOT_FOUND = API_ERRORS.notFound('Role');

const cases: ConformanceCase[] = [
  ...table([
    [
      'admin POST roles',
      made(roleSchema, { name: 'Strict', requires_second_factor: false }),
      { body: { name: 'Strict', permissions: ['view-currency'] } },
    ],
    [
      'admin POST users',
      made(userWithPasswordSchema, { user: { email: 'abebe@example.org', second_factor: false } }),
      { body: { name: 'Abebe Kebede', email: 'abebe@example.org', role_ids: ['{role:Strict}'] } },
    ],
    [
      'GET auth/sessions',
      ok(v.array(staffSessionSchema), null, (data) => {
        const current = (data as { current: boolean; status: string }[]).filter((s) => s.current);
        expect(current).toHaveLength(1);
        expect(current[0]?.status).toBe('ACTIVE');
      }),
      { as: { session: 'account' } },
    ],
    ['none GET auth/sessions', fails(401, API_ERRORS.unauthenticated)],
    ['none POST auth/sessions/end-others', fails(401, API_ERRORS.unauthenticated)],
    [
      'support GET auth/second-factor',
      ok(secondFactorStatusSchema, { enabled: false, recovery_codes_left: 0, required: false }),
    ],
    [
      'finance POST auth/second-factor/confirmation',
      fails(400, `code: ${ACCOUNT_MESSAGES.code}`),
      { body: { code: '12ab' } },
    ],
    [
      'finance POST auth/second-factor/confirmation',
      fails(409, ACCOUNT_ERRORS.noEnrolment),
      { body: { code: '123456' } },
    ],
    // An enrolment not confirmed asks nothing at sign-in: finance signs in as before.
    [
      'finance POST auth/second-factor/enrolment',
      ok(secondFactorEnrolmentSchema, null, (data) => {
        const { secret, otpauth_uri } = data as { secret: string; otpauth_uri: string };
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
        expect(otpauth_uri).toContain(`secret=${secret}`);
      }),
    ],
    ['none POST auth/second-factor/enrolment', fails(401, API_ERRORS.unauthenticated)],
    [
      'support POST auth/second-factor/removal',
      fails(400, `password: ${ACCOUNT_MESSAGES.password}`),
      { body: {} },
    ],
    [
      'support POST auth/second-factor/removal',
      fails(409, ACCOUNT_ERRORS.notEnabled),
      { body: { password: 'whatever it is' } },
    ],
    [
      'admin POST auth/second-factor/verification',
      fails(400, `code: ${ACCOUNT_MESSAGES.codeOrRecovery}`),
      { body: { code: 'zz' } },
    ],
    [
      'admin POST auth/second-factor/verification',
      fails(409, ACCOUNT_ERRORS.noCodeAwaited),
      { body: { code: '123456' } },
    ],
    ['none POST auth/second-factor/verification', fails(401, API_ERRORS.unauthenticated), { body: {} }],
  ]),

  ...refusalCases(accountOperations.userSessions, {
    at: 'users/{staff:abebe@example.org}/sessions',
    refused: 'finance',
  }),
  ...malformedIdCases(accountOperations.userSessions),
  ...unknownIdCases(accountOperations.userSessions, { message: USER_NOT_FOUND }),
  ...table([['support GET users/{staff:abebe@example.org}/sessions', ok(v.array(staffSessionSchema), [])]]),

  ...refusalCases(accountOperations.endUserSessions, {
    at: 'users/{staff:abebe@example.org}/sessions/end',
    refused: 'support',
  }),
  ...malformedIdCases(accountOperations.endUserSessions),
  ...unknownIdCases(accountOperations.endUserSessions, { message: USER_NOT_FOUND }),
  ...table([
    ['admin POST users/{staff:abebe@example.org}/sessions/end', ok(sessionsEndedSchema, { ended: 0 })],
  ]),

  ...refusalCases(accountOperations.resetUserSecondFactor, {
    at: 'users/{staff:abebe@example.org}/second-factor-reset',
    refused: 'support',
  }),
  ...malformedIdCases(accountOperations.resetUserSecondFactor),
  ...unknownIdCases(accountOperations.resetUserSecondFactor, { message: USER_NOT_FOUND }),
  ...table([
    ['admin POST users/{staff:abebe@example.org}/second-factor-reset', fails(409, ACCOUNT_ERRORS.notEnabled)],
  ]),

  ...refusalCases(accountOperations.roleSecondFactor, {
    at: 'roles/{role:Strict}/second-factor',
    body: { required: true },
    refused: 'support',
  }),
  ...malformedIdCases(accountOperations.roleSecondFactor, { body: { required: true } }),
  ...unknownIdCases(accountOperations.roleSecondFactor, {
    body: { required: true },
    message: ROLE_NOT_FOUND,
  }),
  ...table([
    [
      'admin PUT roles/{role:Strict}/second-factor',
      fails(400, `required: ${ACCOUNT_MESSAGES.required}`),
      { body: { required: 'yes' } },
    ],
    [
      'admin PUT roles/{role:Strict}/second-factor',
      ok(roleSchema, { name: 'Strict', requires_second_factor: true }),
      { body: { required: true } },
    ],
    [
      'admin PUT roles/{role:Strict}/second-factor',
      ok(roleSchema, { name: 'Strict', requires_second_factor: false }),
      { body: { required: false } },
    ],
  ]),
];

export const accountCases: ResourceCases = { resource: 'account', cases };
