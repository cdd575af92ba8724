/**
 * Single sign-on in the console (decision 032): the sign-in screen's "Sign in with …" button starts
 * the authorization-code flow with PKCE, and /sso-callback redeems the code and stores the session
 * as a password sign-in does; a failure is shown on the sign-in screen.
 */
import { SSO_ERRORS, STORAGE_KEYS, sessionSchema, ssoSettingsSchema } from '@contract/auth';
import { DEMO_USERS, sessionFor } from '@mocks/data/users';
import { failure, ok } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { UI_AUTH } from '@/features/auth/copy';
import { browser, codeChallenge } from '@/features/auth/sso';
import { renderApp } from '@/test/render-app';

const AUTHORIZE = 'https://id.example.com/realms/staff/protocol/openid-connect/auth';

function ssoOn() {
  server.use(
    http.get('*/api/v1/auth/sso', () =>
      ok(ssoSettingsSchema, {
        enabled: true,
        label: 'Keycloak',
        authorization_endpoint: AUTHORIZE,
        client_id: 'back-office',
        scope: 'openid email profile',
      }),
    ),
  );
}

/** What the sign-in button left in this tab for the callback. */
function keptFlow() {
  return JSON.parse(sessionStorage.getItem('sso-flow') ?? 'null') as {
    verifier: string;
    state: string;
    nonce: string;
    redirectUri: string;
    redirect?: string;
  } | null;
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the sign-in button', () => {
  test('is not shown when the server has no single sign-on', async () => {
    const answered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (request.url.endsWith('/auth/sso')) resolve();
      }),
    );
    renderApp('/signin', { user: 'none' });
    expect(await screen.findByRole('button', { name: UI_AUTH.signin.submit })).toBeInTheDocument();
    // The settings call has answered `enabled: false`; one more turn lets the screen render it.
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  test('sends the browser to the provider with a PKCE challenge, state and nonce kept for the callback', async () => {
    ssoOn();
    const leave = vi.spyOn(browser, 'leave').mockImplementation(() => undefined);
    const { user } = renderApp(`/signin?redirect=${encodeURIComponent('/transactions')}`, { user: 'none' });
    await user.click(await screen.findByRole('button', { name: UI_AUTH.sso.button('Keycloak') }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));

    const flow = keptFlow();
    expect(flow?.verifier).toMatch(/^[\w-]{43,128}$/);
    expect(flow?.redirect).toBe('/transactions');
    const url = new URL(leave.mock.calls[0]?.[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'back-office',
      redirect_uri: `${window.location.origin}/sso-callback`,
      scope: 'openid email profile',
      state: flow?.state,
      nonce: flow?.nonce,
      code_challenge: await codeChallenge(flow?.verifier ?? ''),
      code_challenge_method: 'S256',
    });
    expect(flow?.state).not.toBe(flow?.nonce);
  });
});

describe('/sso-callback', () => {
  function keep(flow: { state: string; redirect?: string }) {
    sessionStorage.setItem(
      'sso-flow',
      JSON.stringify({
        verifier: 'v'.repeat(43),
        nonce: 'the-nonce',
        redirectUri: 'http://localhost:3000/sso-callback',
        ...flow,
      }),
    );
  }

  test('redeems the code with the verifier and nonce, stores the session and goes on', async () => {
    keep({ state: 'the-state', redirect: '/transactions' });
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/sso/token', async ({ request }) => {
        sent = await request.json();
        return ok(sessionSchema, sessionFor(DEMO_USERS.finance));
      }),
    );
    const { router } = renderApp('/sso-callback?code=the-code&state=the-state&iss=x', { user: 'none' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(sent).toEqual({
      code: 'the-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://localhost:3000/sso-callback',
      nonce: 'the-nonce',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toMatch(/^[\w-]+\.[\w-]+\./);
    // The flow's secrets are used once.
    expect(sessionStorage.getItem('sso-flow')).toBeNull();
  });

  test('refuses a state this tab did not send, without calling the server', async () => {
    keep({ state: 'the-state' });
    let calls = 0;
    server.use(
      http.post('*/api/v1/auth/sso/token', () => {
        calls += 1;
        return failure(401, SSO_ERRORS.exchangeFailed);
      }),
    );
    const { router } = renderApp('/sso-callback?code=the-code&state=forged', { user: 'none' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERRORS.stateMismatch);
    expect(calls).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  test("shows the server's refusal on the sign-in screen", async () => {
    keep({ state: 'the-state' });
    server.use(http.post('*/api/v1/auth/sso/token', () => failure(403, SSO_ERRORS.noRole)));
    const { router } = renderApp('/sso-callback?code=the-code&state=the-state', { user: 'none' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERRORS.noRole);
  });

  test("shows the provider's own refusal", async () => {
    keep({ state: 'the-state' });
    const { router } = renderApp(
      '/sso-callback?error=access_denied&error_description=The%20person%20said%20no&state=the-state',
      { user: 'none' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The person said no');
  });
});
