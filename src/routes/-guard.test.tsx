import { STORAGE_KEYS } from '@contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { UI_PAGES } from '@/components/pages/copy';
import { FORBIDDEN_TEXT } from '@/components/pages/forbidden';
import { UI_AUTH } from '@/features/auth/copy';
import { UI_GL_ACCOUNTS } from '@/features/gl-accounts/copy';
import { UI_JOURNAL_ENTRIES } from '@/features/journal-entries/copy';
import { UI_TRANSACTIONS } from '@/features/transactions/copy';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  localStorage.clear();
});

async function expectSignInPage() {
  expect(await screen.findByRole('heading', { name: UI_AUTH.signin.heading })).toBeInTheDocument();
}

describe('the guard', () => {
  test('an unauthenticated visit to /merchants lands on sign-in with a return path', async () => {
    const { router } = renderApp('/merchants', { user: 'none' });
    await expectSignInPage();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toEqual({ redirect: '/merchants' });
  });

  test('the return path keeps the query string', async () => {
    const { router } = renderApp('/transactions?status=pending&page=2', { user: 'none' });
    await expectSignInPage();
    expect(router.state.location.search).toEqual({ redirect: '/transactions?status=pending&page=2' });
  });

  test('the redirect replaces the history entry', async () => {
    const { router } = renderApp('/payouts', { user: 'none' });
    await expectSignInPage();
    // Back from sign-in must not bounce through the protected page again.
    expect(router.history.length).toBe(1);
  });

  test('an expired token is no session: sign-in, and the stale session is removed', async () => {
    const { router } = renderApp('/transactions', {
      user: 'admin',
      token: { exp: Math.floor(Date.now() / 1000) - 60 },
    });
    await expectSignInPage();
    expect(router.state.location.search).toEqual({ redirect: '/transactions' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  test('an undecodable token is no session', async () => {
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ access_token: 'not-a-jwt', token_type: 'Bearer', expires_in: 3600, scope: '' }),
    );
    renderApp('/gl-accounts', { user: 'none' });
    await expectSignInPage();
  });

  test('a session that expires while the console is open ends and returns to sign-in', async () => {
    // Fake clocks that still tick, so the router and React keep running between the jumps.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const { router } = renderApp('/journal_entry', { user: 'finance', token: { exp } });
    expect(await screen.findByRole('heading', { name: UI_JOURNAL_ENTRIES.title })).toBeInTheDocument();
    // The clock kept ticking while the page rendered (a second or more on a busy machine), so the
    // jump is measured from now: to 5 s before the token's expiry, then past it.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(exp * 1000 - Date.now() - 5_000);
    });
    expect(router.state.location.pathname).toBe('/journal_entry');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect: '/journal_entry' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  test('a user with the permission sees the page inside the layout', async () => {
    renderApp('/gl-accounts', { user: 'support' });
    expect(await screen.findByRole('heading', { name: UI_GL_ACCOUNTS.title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  test('a user without the permission sees the 403 page inside the layout', async () => {
    renderApp('/merchants', { user: 'finance' });
    expect(await screen.findByRole('heading', { name: FORBIDDEN_TEXT.title })).toBeInTheDocument();
    expect(screen.getByText(FORBIDDEN_TEXT.body)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FORBIDDEN_TEXT.home })).toHaveAttribute('href', '/');
    // Still inside the console: the sidebar and the header are there, the screen is not.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /user menu/i })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('detail routes are guarded too (view-charge for currency details)', async () => {
    renderApp('/currency/currency-detail/123', {
      user: 'admin',
      permissions: { currency: { roles: ['view-currency'] } },
    });
    expect(await screen.findByRole('heading', { name: FORBIDDEN_TEXT.title })).toBeInTheDocument();
  });

  test('leaving a 403 page for a permitted one shows that page', async () => {
    const { router, user } = renderApp('/merchants', { user: 'finance' });
    await screen.findByRole('heading', { name: FORBIDDEN_TEXT.title });
    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    expect(await screen.findByRole('heading', { name: UI_TRANSACTIONS.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: FORBIDDEN_TEXT.title })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transactions');
  });

  test('home needs a session only', async () => {
    // Finance holds no uma_protection (the Dashboard's sidebar permission) and still gets the page.
    renderApp('/', { user: 'finance' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: FORBIDDEN_TEXT.title })).not.toBeInTheDocument();
  });
});

describe('public pages', () => {
  test('an unknown path shows the not-found page with a link home', async () => {
    renderApp('/no-such-page', { user: 'none' });
    expect(await screen.findByRole('heading', { name: UI_PAGES.notFound.title })).toBeInTheDocument();
    expect(screen.getByText(UI_PAGES.notFound.body)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_PAGES.notFound.home })).toHaveAttribute('href', '/');
  });

  test('a signed-in user opening /signin goes home', async () => {
    const { router } = renderApp('/signin', { user: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
