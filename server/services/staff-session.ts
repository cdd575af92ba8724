/**
 * Opens a session for a person (sign-in, and the answer to their own password change): the token's
 * `resource_access` is built from their roles now (decision 025), and the token is recorded so a
 * deactivation or a change of their roles can sign it out. Someone who still has a one-time password
 * gets a token holding no permission at all, good only for choosing their own (`POST auth/password`).
 */
import type { Session } from '@contract/auth';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { permissionsOfUser } from '../db/queries/staff-access';
import { recordSession } from '../db/queries/users';
import type { users } from '../db/schema';

/** What the console's session stores as `scope` (OpenID-style token response). */
const SESSION_SCOPE = 'openid profile email';

export async function openStaffSession(
  { db, tokens, clock }: { db: Database; tokens: TokenService; clock: () => Date },
  user: typeof users.$inferSelect,
): Promise<Session> {
  const permissions = user.mustChangePassword ? {} : await permissionsOfUser(db, user.id);
  const issuedAt = clock();
  const { token, expiresIn, jti } = await tokens.sign({
    id: user.id,
    email: user.email,
    name: user.name,
    preferredUsername: user.preferredUsername,
    permissions,
  });
  const expiresAt = new Date((Math.floor(issuedAt.getTime() / 1000) + expiresIn) * 1000);
  await recordSession(db, { jti, userId: user.id, issuedAt, expiresAt }, true);
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    scope: SESSION_SCOPE,
    ...(user.mustChangePassword ? { password_change_required: true } : {}),
  };
}
