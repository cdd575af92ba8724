import { STORAGE_KEYS } from '@contract/auth';
import { API_ERRORS, VALIDATION } from '@contract/messages';
import { DEMO_USERS, type DemoUserKey } from '@mocks/data/users';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { UI_AUTH } from '@/features/auth/copy';
import { UI_TRANSACTIONS } from '@/features/transactions/copy';
import { renderApp } from '@/test/render-app';

function openSignIn(path = '/signin') {
  return renderApp(path, { user: 'none' });
}

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  password: string,
): Promise<void> {
  await user.type(await screen.findByLabelText(UI_AUTH.signin.email), email);
  await user.type(screen.getByLabelText(UI_AUTH.signin.password, { exact: true }), password);
  await user.click(screen.getByRole('button', { name: UI_AUTH.signin.submit }));
}

async function signInAs(who: DemoUserKey, path = '/signin') {
  const view = openSignIn(path);
  await fillAndSubmit(view.user, DEMO_USERS[who].email, DEMO_USERS[who].password);
  return view;
}

describe('sign-in', () => {
  test('shows the screen of spec §2', async () => {
    openSignIn();
    expect(await screen.findByRole('heading', { name: UI_AUTH.signin.heading })).toBeInTheDocument();
    expect(screen.getByText(UI_AUTH.signin.subtitle)).toBeInTheDocument();
    expect(screen.getByLabelText(UI_AUTH.signin.email)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(UI_AUTH.signin.password, { exact: true })).toHaveAttribute(
      'type',
      'password',
    );
    expect(screen.getByRole('button', { name: UI_AUTH.signin.submit })).toBeEnabled();
  });

  test('an empty submit shows both validation messages and sends nothing', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      // The single sign-on settings the screen reads when it opens (decision 032) are not the submit's.
      if (!request.url.endsWith('/auth/sso')) calls += 1;
    });
    const { user } = openSignIn();
    await user.click(await screen.findByRole('button', { name: UI_AUTH.signin.submit }));
    expect(await screen.findByText(VALIDATION.signin.username)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.signin.password)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('the password can be shown and hidden', async () => {
    const { user } = openSignIn();
    const password = await screen.findByLabelText(UI_AUTH.signin.password, { exact: true });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  test('success stores the session, the token and the permissions, and lands on /merchants', async () => {
    const { router } = await signInAs('support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
    const session = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null') as {
      access_token: string;
    } | null;
    expect(session?.access_token).toMatch(/^[\w-]+\.[\w-]+\./);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(session?.access_token);
    const permissions = JSON.parse(localStorage.getItem(STORAGE_KEYS.permissions) ?? 'null') as Record<
      string,
      { roles: string[] }
    >;
    expect(permissions.merchant?.roles).toEqual(['view-merchant']);
    // Replaced: back does not return to the sign-in form.
    expect(router.history.length).toBe(1);
  });

  test("a new session starts with an empty cache: nothing of an earlier user's data", async () => {
    const view = openSignIn();
    view.queryClient.setQueryData(['merchants', 'list', 'stale'], { contents: ['from before'] });
    await fillAndSubmit(view.user, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/merchants'));
    expect(view.queryClient.getQueryData(['merchants', 'list', 'stale'])).toBeUndefined();
  });

  test('sends the credentials form-encoded', async () => {
    let seen: { type: string | null; body: string } | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/login')) {
        seen = { type: request.headers.get('content-type'), body: await request.clone().text() };
      }
    });
    const { router } = await signInAs('admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
    expect(seen?.type).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen?.body))).toEqual({
      username: DEMO_USERS.admin.email,
      password: DEMO_USERS.admin.password,
    });
  });

  test('finance, without view-merchant, lands on its first screen: /transactions', async () => {
    const { router } = await signInAs('finance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(await screen.findByRole('heading', { name: UI_TRANSACTIONS.title })).toBeInTheDocument();
  });

  test('goes to the redirect target, query string included', async () => {
    const { router } = await signInAs('finance', `/signin?redirect=${encodeURIComponent('/payouts?page=2')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payouts'));
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  test('ignores a redirect target on another origin', async () => {
    const { router } = await signInAs('admin', `/signin?redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
  });

  test("reads 'Signing in...' and is disabled while the call is pending", async () => {
    server.use(
      http.post('*/api/v1/auth/login', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = openSignIn();
    await fillAndSubmit(user, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const button = await screen.findByRole('button', { name: UI_AUTH.signin.submitting });
    expect(button).toBeDisabled();
  });

  test("a failed sign-in toasts the server's message and stops loading", async () => {
    const { user, router } = openSignIn();
    await fillAndSubmit(user, DEMO_USERS.admin.email, 'wrong-password');
    expect(await screen.findByText(API_ERRORS.badCredentials)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UI_AUTH.signin.submit })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  test('a server that cannot be reached toasts the catalogue text', async () => {
    server.use(http.post('*/api/v1/auth/login', () => HttpResponse.error()));
    const { user } = openSignIn();
    await fillAndSubmit(user, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    expect(await screen.findByText('Cannot connect to server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UI_AUTH.signin.submit })).toBeEnabled();
  });
});
