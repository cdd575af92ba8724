/**
 * The signed-in person's own account, the sign-in's second step, and what an administrator sees
 * and ends of someone's sessions (ours, issue 21; decision 029; docs/api.md "My account").
 */
import * as v from 'valibot';
import {
  ACCOUNT_ERRORS,
  roleSecondFactorPayloadSchema,
  type SessionStage,
  secondFactorCodePayloadSchema,
  secondFactorConfirmationSchema,
  secondFactorEnrolmentSchema,
  secondFactorRemovalPayloadSchema,
  secondFactorStatusSchema,
  secondFactorVerifyPayloadSchema,
  sessionsEndedSchema,
  staffSessionSchema,
} from '../account';
import { sessionSchema } from '../auth';
import { PERMISSIONS } from '../permissions';
import { roleSchema } from '../role';
import { userSchema } from '../user';
import { authOperations } from './auth';
import { defineOperation, type Operation } from './define';
import { userOperations } from './users';

const TAG = 'My account';
const RATE_LIMITED =
  'Too many wrong codes or passwords, counted with failed sign-ins; `Retry-After` gives the seconds.';

export const accountOperations = {
  sessions: defineOperation({
    method: 'get',
    path: '/auth/sessions',
    tag: TAG,
    summary: 'My active sessions',
    description:
      'The signed-in person’s sessions that are neither signed out nor expired, newest first: browser ' +
      '(user agent), address, when it started and was last seen (to the minute); `current` marks this one.',
    response: { data: v.array(staffSessionSchema) },
  }),
  endOtherSessions: defineOperation({
    method: 'post',
    path: '/auth/sessions/end-others',
    tag: TAG,
    summary: 'Sign out my other sessions',
    description:
      'Every active session of the person but this one is signed out at once (refused with 401 on its ' +
      'next call, on every server process). Answers how many.',
    response: { data: sessionsEndedSchema },
  }),
  secondFactor: defineOperation({
    method: 'get',
    path: '/auth/second-factor',
    tag: TAG,
    summary: 'My second factor',
    description:
      'Whether a TOTP second factor is on, since when, how many recovery codes are left, and whether a role requires one.',
    response: { data: secondFactorStatusSchema },
  }),
  startEnrolment: defineOperation({
    method: 'post',
    path: '/auth/second-factor/enrolment',
    tag: TAG,
    summary: 'Start enrolling a TOTP second factor',
    description:
      'Makes a new secret (SHA-1, 6 digits, 30 seconds: what every authenticator app reads) and answers it ' +
      'with its `otpauth://` URI, for a QR code. Nothing is required at sign-in until it is confirmed; ' +
      'starting again replaces an unconfirmed secret.',
    response: { data: secondFactorEnrolmentSchema },
    errors: { 409: ACCOUNT_ERRORS.alreadyEnabled },
  }),
  confirmEnrolment: defineOperation({
    method: 'post',
    path: '/auth/second-factor/confirmation',
    tag: TAG,
    summary: 'Confirm the second factor with a code',
    description:
      'A current code from the app turns the factor on and answers ten one-time recovery codes, shown ' +
      'once (stored as digests). From a sign-in that had to enrol, it also answers the session. A wrong ' +
      'code is 400 naming `code`.',
    body: { schema: secondFactorCodePayloadSchema },
    response: { data: secondFactorConfirmationSchema },
    errors: { 409: `${ACCOUNT_ERRORS.noEnrolment}; or ${ACCOUNT_ERRORS.alreadyEnabled}`, 429: RATE_LIMITED },
  }),
  removeSecondFactor: defineOperation({
    method: 'post',
    path: '/auth/second-factor/removal',
    tag: TAG,
    summary: 'Turn my second factor off',
    description: 'Needs the password (400 naming `password` when wrong). Its recovery codes go with it.',
    body: { schema: secondFactorRemovalPayloadSchema },
    response: { data: secondFactorStatusSchema },
    errors: { 409: `${ACCOUNT_ERRORS.notEnabled}; or ${ACCOUNT_ERRORS.requiredByRole}`, 429: RATE_LIMITED },
  }),
  verify: defineOperation({
    method: 'post',
    path: '/auth/second-factor/verification',
    tag: 'Authentication',
    summary: 'Sign in: the second factor’s code',
    description:
      'With the token a sign-in answered with `second_factor_required`: a current code, or an unused ' +
      'recovery code (each works once). A code of a 30-second step already used is refused. Answers the ' +
      'session, as `POST auth/login` does; the step’s token is signed out.',
    body: { schema: secondFactorVerifyPayloadSchema },
    response: { data: sessionSchema },
    errors: { 409: `${ACCOUNT_ERRORS.noCodeAwaited}; or ${ACCOUNT_ERRORS.notEnabled}`, 429: RATE_LIMITED },
  }),
  userSessions: defineOperation({
    method: 'get',
    path: '/users/{id}/sessions',
    tag: 'Staff users and roles',
    summary: "A staff user's sessions",
    description:
      'Their sessions of the last 30 days (active, signed out or expired), newest first, at most 50.',
    permission: PERMISSIONS.viewUser,
    response: { data: v.array(staffSessionSchema) },
  }),
  endUserSessions: defineOperation({
    method: 'post',
    path: '/users/{id}/sessions/end',
    tag: 'Staff users and roles',
    summary: "End a staff user's sessions",
    description: 'Every active session of the person is signed out at once. Answers how many.',
    permission: PERMISSIONS.updateUser,
    response: { data: sessionsEndedSchema },
  }),
  resetUserSecondFactor: defineOperation({
    method: 'post',
    path: '/users/{id}/second-factor-reset',
    tag: 'Staff users and roles',
    summary: "Turn off a staff user's second factor",
    description:
      'For a person who lost their authenticator and their recovery codes: the factor and the codes are ' +
      'deleted and their sessions signed out; if a role requires one, they enrol again at their next sign-in.',
    permission: PERMISSIONS.updateUser,
    response: { data: userSchema },
    errors: { 409: ACCOUNT_ERRORS.notEnabled },
  }),
  roleSecondFactor: defineOperation({
    method: 'put',
    path: '/roles/{id}/second-factor',
    tag: 'Staff users and roles',
    summary: 'Require a second factor of a role’s holders',
    description:
      'Any role, built-in ones too. Holders without a second factor are led to enrol one at their next ' +
      'sign-in, before anything else; nobody is signed out.',
    permission: PERMISSIONS.updateRole,
    body: { schema: roleSecondFactorPayloadSchema },
    response: { data: roleSchema },
  }),
} as const;

/** The only calls a token of an unfinished sign-in may make (decision 029); anything else is 403. */
export const STAGE_OPERATIONS: Readonly<Record<SessionStage, readonly Operation[]>> = {
  'password-change': [userOperations.changeOwnPassword, authOperations.logout],
  'second-factor': [accountOperations.verify, authOperations.logout],
  'second-factor-enrolment': [
    accountOperations.secondFactor,
    accountOperations.startEnrolment,
    accountOperations.confirmEnrolment,
    authOperations.logout,
  ],
};
