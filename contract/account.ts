/**
 * The signed-in person's own account (ours, issue 21; decision 029): their sessions, and the TOTP
 * second factor with its one-time recovery codes. Also the stages of a sign-in that is not finished
 * yet, which the token carries (`stage`) and the server holds to a few calls.
 */
import * as v from 'valibot';
import { sessionSchema } from './auth';
import { idSchema, timestampSchema } from './common';
import { payloadObject } from './fields';
import { VALIDATION } from './messages';

export { SESSION_STAGES, type SessionStage } from './auth';

export const SESSION_STATUSES = ['ACTIVE', 'SIGNED_OUT', 'EXPIRED'] as const;

/** One sign-in of a person: the account page lists the active ones, a person's page all recent ones. */
export const staffSessionSchema = v.object({
  /** The token's `jti`. */
  id: idSchema,
  user_agent: v.nullable(v.string()),
  address: v.nullable(v.string()),
  started_at: timestampSchema,
  /** Updated at most once a minute; null until the session's first call after sign-in. */
  last_seen_at: v.nullable(timestampSchema),
  expires_at: timestampSchema,
  status: v.picklist(SESSION_STATUSES),
  /** The session making this request. */
  current: v.boolean(),
});
export type StaffSession = v.InferOutput<typeof staffSessionSchema>;

export const sessionsEndedSchema = v.object({ ended: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** How many recovery codes are made at enrolment (each works once). */
export const RECOVERY_CODE_COUNT = 10;

export const secondFactorStatusSchema = v.object({
  enabled: v.boolean(),
  confirmed_at: v.nullable(timestampSchema),
  recovery_codes_left: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** One of the person's roles requires a second factor: it cannot be turned off. */
  required: v.boolean(),
});
export type SecondFactorStatus = v.InferOutput<typeof secondFactorStatusSchema>;

/** The secret of a factor being enrolled: the page shows it as a QR code and as text. */
export const secondFactorEnrolmentSchema = v.object({
  secret: v.string(),
  otpauth_uri: v.string(),
});
export type SecondFactorEnrolment = v.InferOutput<typeof secondFactorEnrolmentSchema>;

/** Confirming the enrolment answers the recovery codes, shown once; and a session when it finished a sign-in. */
export const secondFactorConfirmationSchema = v.object({
  recovery_codes: v.array(v.string()),
  session: v.nullable(sessionSchema),
});
export type SecondFactorConfirmation = v.InferOutput<typeof secondFactorConfirmationSchema>;

export const ACCOUNT_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app',
  codeOrRecovery: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  password: 'Your password is required',
  required: 'Choose whether the role requires a second factor',
} as const;

/** Refusals of the account calls. */
export const ACCOUNT_ERRORS = {
  wrongCode: 'The code is not correct',
  usedCode: 'This code was already used: wait for the next one',
  alreadyEnabled: 'A second factor is already on: turn it off first',
  noEnrolment: 'Start the enrolment first',
  notEnabled: 'No second factor is on',
  requiredByRole: 'One of your roles requires a second factor: it cannot be turned off',
  wrongPassword: 'The password is not correct',
  stage: 'Finish signing in first',
  noCodeAwaited: 'No sign-in is waiting for a code',
} as const;

/** A TOTP code: six digits (spaces people type are dropped). */
const totpCode = v.pipe(
  v.string(ACCOUNT_MESSAGES.code),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, ACCOUNT_MESSAGES.code),
);

/** A recovery code as shown (`abcde-fghij`), case and dashes as typed. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

/** `POST auth/second-factor/confirmation`: a code from the app just set up. */
export const secondFactorCodePayloadSchema = payloadObject({ code: totpCode });

/** `POST auth/second-factor/verification`: the sign-in's second step, a code or a recovery code. */
export const secondFactorVerifyPayloadSchema = payloadObject({
  code: v.pipe(
    v.string(ACCOUNT_MESSAGES.codeOrRecovery),
    v.transform((code) => code.replace(/\s+/g, '').toLowerCase()),
    v.check(
      (code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code),
      ACCOUNT_MESSAGES.codeOrRecovery,
    ),
  ),
});

/** `POST auth/second-factor/removal`: the password, so a left-open console cannot turn it off. */
export const secondFactorRemovalPayloadSchema = payloadObject({
  password: v.pipe(
    v.string(ACCOUNT_MESSAGES.password),
    v.nonEmpty(ACCOUNT_MESSAGES.password),
    v.maxLength(1024, VALIDATION.common.tooLong('Password', 1024)),
  ),
});

/** `PUT roles/{id}/second-factor`. */
export const roleSecondFactorPayloadSchema = payloadObject({
  required: v.boolean(ACCOUNT_MESSAGES.required),
});
