import { STORAGE_KEYS } from '@contract/auth';
import { db } from '@mocks/db';
import { API } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { UI_AUTH } from '@/features/auth/copy';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  localStorage.clear();
});

describe("the user menu's Logout", () => {
  test('Logout signs out: all storage cleared, the cache emptied, back on sign-in', async () => {
    const { user, router, queryClient } = renderApp('/transactions', { user: 'finance' });
    localStorage.setItem('something-else', 'x');
    queryClient.setQueryData(['cached'], { secret: true });
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: UI_AUTH.signin.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toEqual({});
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
  });
});

describe('/logout', () => {
  test('shows the sign-out texts, then goes to sign-in with storage empty', async () => {
    // The page shows only for a moment; record every text the document ever held.
    const shown = new Set<string>();
    const observer = new MutationObserver(() => shown.add(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    onTestFinished(() => observer.disconnect());
    const { router } = renderApp('/logout', { user: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.length).toBe(0);
    const texts = [...shown].join(' ');
    expect(texts).toContain(UI_AUTH.logout.title);
    expect(texts).toContain(UI_AUTH.logout.body);
  });

  test('asks the server to refuse the token from now on, with that token, before storage goes', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/auth/logout'))
        sent.push(request.headers.get('authorization') ?? '');
    });
    const { router } = renderApp('/logout', { user: 'admin' });
    const token = localStorage.getItem(STORAGE_KEYS.accessToken);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sent).toEqual([`Bearer ${token}`]);
    expect(db.revokedTokens.size).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  test('signs out locally all the same when the server cannot be reached', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    const { router } = renderApp('/logout', { user: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.length).toBe(0);
    expect(db.revokedTokens.size).toBe(0);
  });
});
