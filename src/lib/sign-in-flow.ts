/**
 * What follows a sign-in's answer (decision 029), in one place for the sign-in page, its code step,
 * /set-password and /second-factor-setup: a one-time password leads to choosing one's own; a role
 * that requires a second factor the person lacks leads to enrolling one; else the session is stored
 * and the console opens. A step's token is kept in memory only, as src/lib/password-change.ts does.
 */
import type { Session } from '@contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import type { useRouter } from '@tanstack/react-router';
import { rememberPasswordChange } from './password-change';
import { landingPath } from './permissions';
import { saveSession } from './session';

export interface PendingEnrolment {
  readonly token: string;
  readonly redirect: string | undefined;
}

let pendingEnrolment: PendingEnrolment | null = null;

export function pendingSecondFactorEnrolment(): PendingEnrolment | null {
  return pendingEnrolment;
}

export function forgetSecondFactorEnrolment(): void {
  pendingEnrolment = null;
}

export async function continueSignIn(
  session: Session,
  {
    currentPassword,
    redirect,
    router,
    queryClient,
  }: {
    currentPassword: string;
    redirect: string | undefined;
    router: ReturnType<typeof useRouter>;
    queryClient: QueryClient;
  },
): Promise<void> {
  if (session.password_change_required) {
    rememberPasswordChange({ token: session.access_token, currentPassword, redirect });
    await router.navigate({ to: '/set-password', replace: true });
    return;
  }
  if (session.second_factor_enrolment_required) {
    pendingEnrolment = { token: session.access_token, redirect };
    await router.navigate({ to: '/second-factor-setup', replace: true });
    return;
  }
  const state = saveSession(session);
  // Whatever an earlier session left in the cache is not this user's to see.
  queryClient.clear();
  await router.navigate({ href: landingPath(redirect, state.permissions), replace: true });
}
