import type { PermissionMap } from '@contract/permissions';
import { notifications } from '@mantine/notifications';
import { DEMO_USERS, type DemoUserKey, sessionFor, type TokenOptions } from '@mocks/data/users';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, createQueryClient } from '@/app-providers';
import { saveSession } from '@/lib/session';
import { createAppRouter } from '@/router';

export interface RenderAppOptions {
  /** Who is signed in; 'none' leaves storage empty. Defaults to admin. */
  user?: DemoUserKey | 'none';
  /** Replaces the user's permission set (the token's `resource_access`). */
  permissions?: PermissionMap;
  /** Further token overrides (an `exp` in the past for an expired session). */
  token?: Omit<TokenOptions, 'permissions'>;
}

/**
 * Renders the whole console (the providers of main.tsx and the real route tree) at `path`, with a
 * fresh query cache and memory history, signed in as `user`.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  // The toast store is module-wide: a fresh console starts with none, not the last test's.
  notifications.clean();
  notifications.cleanQueue();
  const who = options.user ?? 'admin';
  if (who !== 'none') {
    const tokenOptions: TokenOptions = { ...options.token };
    if (options.permissions) tokenOptions.permissions = options.permissions;
    saveSession(sessionFor(DEMO_USERS[who], tokenOptions));
  }
  const queryClient = createQueryClient({ gcTime: Number.POSITIVE_INFINITY });
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<App router={router} queryClient={queryClient} mantineEnv="test" />);
  return { ...view, router, queryClient, user: userEvent.setup() };
}
