import { mockId } from '@mocks/data/merchants';
import { API } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { sent } from '@/test/table';

async function openPalette(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('navigation', { name: 'Main' });
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog');
}

/** The palette's actions by their visible label (each action is a button). */
function actionLabels(dialog: HTMLElement): string[] {
  return within(dialog)
    .queryAllByRole('button')
    .map((button) => button.querySelector('.mantine-Spotlight-actionLabel')?.textContent ?? '')
    .filter(Boolean);
}

/** The labels of one group of results (Mantine names a group in a CSS variable its heading shows). */
function groupLabels(dialog: HTMLElement, group: string): string[] {
  const element = Array.from(dialog.querySelectorAll<HTMLElement>('.mantine-Spotlight-actionsGroup')).find(
    (candidate) => candidate.style.getPropertyValue('--spotlight-label') === `'${group}'`,
  );
  return element ? actionLabels(element) : [];
}

describe('command palette', () => {
  it('opens with Ctrl+K and lists only the screens the person may open', async () => {
    const { user } = renderApp('/transactions', { user: 'finance' });
    const dialog = await openPalette(user);
    expect(within(dialog).getByRole('textbox', { name: /Go to a screen/ })).toHaveFocus();
    // Finance's sidebar (written out, not derived) and their own account page.
    expect(actionLabels(dialog)).toEqual([
      'Transactions',
      'Payouts',
      'Chargebacks',
      'GL Accounts',
      'Account Mapping',
      'Journal Entry',
      'Reports',
      'Approvals',
      'My account',
    ]);
    await user.keyboard('pay');
    // The screens filter as the person types; the server's matches for 'pay' are other groups.
    await waitFor(() => expect(groupLabels(dialog, 'Screens')).toEqual(['Payouts']));
  });

  it('opens with Ctrl+K while focus is in a text field, with focus in the palette', async () => {
    const { user } = renderApp('/transactions', { user: 'admin' });
    const box = await screen.findByRole('searchbox', {
      // The Transactions screen's search box, as the person reads it (features do not import each other).
      name: 'Search transaction by reference or customer name',
    });
    await user.click(box);
    await user.keyboard('ab');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Go to a screen/ });
    await waitFor(() => expect(input).toHaveFocus());
    // The key opened the palette and typed nothing into the list's box.
    expect(box).toHaveValue('ab');
    expect(input).toHaveValue('');
  });

  it('finds a merchant by code on the server with one request, and opens it', async () => {
    const merchants = captureRequests('/merchants');
    const { user, router } = renderApp('/transactions', { user: 'admin' });
    const dialog = await openPalette(user);
    // Pasted: one change to the box, so exactly one request (typing sends one per pause).
    await user.paste('MER-1001');
    const found = await within(dialog).findByText('Abyssinia Coffee Exporters', {}, { timeout: 3000 });
    expect(within(dialog).getByText('MER-1001')).toBeInTheDocument();
    expect(sent(merchants)).toEqual([{ page: '1', limit: '5', search_term: 'MER-1001' }]);
    await user.click(found);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant-details/${mockId(1, 1)}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the last results on screen while the next term loads, and aborts a search the next term replaces', async () => {
    // The search for 'MER-100' never answers on its own; the test records when it is given up.
    const aborted: string[] = [];
    server.use(
      http.get(`${API}/merchants`, async ({ request }) => {
        const term = new URL(request.url).searchParams.get('search_term');
        if (term !== 'MER-100') return;
        request.signal.addEventListener('abort', () => aborted.push(term));
        await delay('infinite');
      }),
    );
    const { user } = renderApp('/transactions', { user: 'admin' });
    const dialog = await openPalette(user);
    const input = within(dialog).getByRole('textbox', { name: /Go to a screen/ });
    const results = () => dialog.querySelector('[data-palette-results]');
    await user.paste('Bole Books');
    expect(await within(dialog).findByText('Bole Books', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(results()).not.toHaveAttribute('aria-busy'));

    // A pause, then the whole text replaced: its search is slow, and Bole Books stays meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 150));
    (input as HTMLInputElement).setSelectionRange(0, 'Bole Books'.length);
    await user.paste('MER-100');
    await waitFor(() => expect(results()).toHaveAttribute('aria-busy', 'true'));
    expect(within(dialog).getByText('Bole Books')).toBeInTheDocument();
    expect(aborted).toEqual([]);

    // The next key replaces that search: its request is aborted and the new answer shows.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.keyboard('1');
    expect(input).toHaveValue('MER-1001');
    expect(
      await within(dialog).findByText('Abyssinia Coffee Exporters', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(results()).not.toHaveAttribute('aria-busy'));
    expect(aborted).toEqual(['MER-100']);
    expect(within(dialog).queryByText('Bole Books')).not.toBeInTheDocument();
  });

  it('shows each kind as it answers: the merchants are ready while a slow transactions search still runs', async () => {
    server.use(
      http.get(`${API}/transactions`, async () => {
        await delay('infinite');
      }),
    );
    const { user } = renderApp('/', { user: 'admin' });
    const dialog = await openPalette(user);
    await user.paste('MER-1001');
    expect(
      await within(dialog).findByText('Abyssinia Coffee Exporters', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const group = (kind: string) => dialog.querySelector(`[data-palette-group="${kind}"]`);
    expect(group('merchants')).toBeInTheDocument();
    await waitFor(() => expect(group('merchants')).not.toHaveAttribute('aria-busy'));
    // The list as a whole is still busy, and says so, until the transactions answer.
    expect(dialog.querySelector('[data-palette-results]')).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Searching/);
  });

  it('opens a transaction found by reference in the list with its drawer', async () => {
    const { user, router } = renderApp('/', { user: 'admin' });
    const dialog = await openPalette(user);
    await user.keyboard('TXN-1002-0002');
    await within(dialog).findByText('TXN-1002-0002', {}, { timeout: 3000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(router.state.location.search).toMatchObject({ reference: 'TXN-1002-0002' });
  });

  it('does not search what the person may not see', async () => {
    const merchants = captureRequests('/merchants');
    const { user } = renderApp('/transactions', { user: 'finance' });
    const dialog = await openPalette(user);
    await user.keyboard('MER-1001');
    expect(await within(dialog).findByText('Nothing found', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(sent(merchants)).toEqual([]);
  });
});
