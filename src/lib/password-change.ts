/**
 * A sign-in with a one-time password (issue 21): the session it answered holds no permission and is
 * good only for choosing a new password, so it is kept here, in memory, not stored as the session.
 * A reload forgets it and the person signs in again with the one-time password.
 */
export interface PendingPasswordChange {
  readonly token: string;
  /** The one-time password just typed: the server asks for the current password. */
  readonly currentPassword: string;
  readonly redirect: string | undefined;
}

let pending: PendingPasswordChange | null = null;

export function rememberPasswordChange(change: PendingPasswordChange): void {
  pending = change;
}

export function pendingPasswordChange(): PendingPasswordChange | null {
  return pending;
}

export function forgetPasswordChange(): void {
  pending = null;
}
