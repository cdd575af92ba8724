/**
 * Opens a session for a person (sign-in, its second step, and the answer to their own password
 * change): the token's `resource_access` is built from their roles now (decision 025), and the token
 * is recorded so a deactivation or a change of their roles can sign it out. A sign-in that is not
 * finished gets a token holding no permission, marked with its stage and good only for the next
 * step (decision 029), in this order: the second factor's code (when one is on), choosing a password
 * (after a one-time one), enrolling a second factor (when a role requires one and there is none).
 */
import type { Session, SessionStage } from '@contract/auth';
import type { Context } from 'hono';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { findSecondFactor, secondFactorRequired } from '../db/queries/second-factor';
import { permissionsOfUser } from '../db/queries/staff-access';
import { recordSession } from '../db/queries/users';
import type { users } from '../db/schema';

/** What the console's session stores as `scope` (OpenID-style token response). */
const SESSION_SCOPE = 'openid profile email';

/** Where a session was opened from, for the account page's list. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

export function sessionOrigin(c: Context, clientAddress: (c: Context) => string): SessionOrigin {
  const agent = c.req.header('User-Agent');
  // A header is the client's to fill: kept short, and only printable characters.
  const clean = agent?.replace(/[^\x20-\x7e]/g, '').slice(0, 300) || null;
  return { userAgent: clean, address: clientAddress(c) || null };
}

async function stageOf(db: Database, user: typeof users.$inferSelect, secondFactorDone: boolean) {
  const factor = await findSecondFactor(db, user.id);
  const enrolled = factor?.confirmedAt != null;
  if (enrolled && !secondFactorDone) return 'second-factor';
  if (user.mustChangePassword) return 'password-change';
  if (!enrolled && (await secondFactorRequired(db, user.id))) return 'second-factor-enrolment';
  return null;
}

const STAGE_FLAGS: Record<SessionStage, Partial<Session>> = {
  'password-change': { password_change_required: true },
  'second-factor': { second_factor_required: true },
  'second-factor-enrolment': { second_factor_enrolment_required: true },
};

export async function openStaffSession(
  { db, tokens, clock }: { db: Database; tokens: TokenService; clock: () => Date },
  user: typeof users.$inferSelect,
  origin: SessionOrigin,
  {
    secondFactorDone = false,
    identityProvider = false,
  }: {
    secondFactorDone?: boolean;
    /** Single sign-on: the provider checked who this is, its own factors included (decision 032). */
    identityProvider?: boolean;
  } = {},
): Promise<Session> {
  const stage = identityProvider ? null : await stageOf(db, user, secondFactorDone);
  const permissions = stage ? {} : await permissionsOfUser(db, user.id);
  const issuedAt = clock();
  const { token, expiresIn, jti } = await tokens.sign({
    id: user.id,
    email: user.email,
    name: user.name,
    preferredUsername: user.preferredUsername,
    permissions,
    ...(stage ? { stage } : {}),
  });
  const expiresAt = new Date((Math.floor(issuedAt.getTime() / 1000) + expiresIn) * 1000);
  await recordSession(
    db,
    { jti, userId: user.id, issuedAt, expiresAt, stage, ...origin },
    stage === null || stage === 'password-change',
  );
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    scope: SESSION_SCOPE,
    ...(stage ? STAGE_FLAGS[stage] : {}),
  };
}
