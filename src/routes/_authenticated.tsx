import { hasPermission } from '@contract/permissions';
import {
  createFileRoute,
  type ErrorComponentProps,
  Outlet,
  redirect,
  useRouter,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { ConsoleShell } from '@/components/app-shell/console-shell';
import { ErrorFallback } from '@/components/pages/error-fallback';
import { ForbiddenPage } from '@/components/pages/forbidden';
import { CommandPalette } from '@/features/command-palette/command-palette';
import { CommandPaletteButton } from '@/features/command-palette/palette-button';
import { NotificationsBell } from '@/features/dashboard/notifications-bell';
import { KeyboardShortcuts } from '@/features/shortcuts/keyboard-shortcuts';
import { ForbiddenError, isForbiddenError, requiredPermissions } from '@/lib/permissions';
import { clearSession, getSession, getValidSession, scheduleExpiry, useSession } from '@/lib/session';
import { useLiveEvents } from '@/queries/live-events';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location, matches }) => {
    const state = getValidSession();
    if (!state) {
      // An expired or unreadable session is no session: remove it so nothing else reads it.
      if (getSession()) clearSession();
      throw redirect({ to: '/signin', search: { redirect: location.href }, replace: true });
    }
    // Each screen declares its permission in staticData; checking here, before any loader runs,
    // keeps a user from fetching what they may not see, with no check repeated per route.
    for (const permission of requiredPermissions(matches)) {
      if (!hasPermission(state.permissions, permission)) throw new ForbiddenError(permission);
    }
  },
  component: AuthenticatedLayout,
  errorComponent: AuthenticatedError,
});

/** Follows the session while the console is open: sign-out elsewhere, a 401, or the token expiring. */
function useSessionWatch() {
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (!session) {
      void router.navigate({
        to: '/signin',
        search: { redirect: router.state.location.href },
        replace: true,
      });
      return;
    }
    return scheduleExpiry(session.claims, clearSession);
  }, [session, router]);
}

function AuthenticatedLayout() {
  useSessionWatch();
  // New payments, refunds, chargebacks and approvals show without a reload (decision 035).
  useLiveEvents();
  return (
    <ConsoleShell
      headerActions={
        <>
          <CommandPaletteButton />
          <NotificationsBell />
        </>
      }
    >
      <Outlet />
      {/* Ctrl+K and the single-key shortcuts (issue 24, decision 046); both are dialogs in portals. */}
      <CommandPalette />
      <KeyboardShortcuts />
    </ConsoleShell>
  );
}

/** A missing permission is a 403 page inside the layout (spec deviation 6); anything else is the fallback. */
function AuthenticatedError(props: ErrorComponentProps) {
  useSessionWatch();
  if (isForbiddenError(props.error)) {
    return (
      <ConsoleShell headerActions={<NotificationsBell />}>
        <ForbiddenPage />
      </ConsoleShell>
    );
  }
  return <ErrorFallback {...props} />;
}
