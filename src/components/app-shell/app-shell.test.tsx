import { STORAGE_KEYS } from '@contract/auth';
import { DEMO_USERS } from '@mocks/data/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  localStorage.clear();
});

// Written out from spec §6 and the demo users' permission sets, not derived from the code under test.
const EXPECTED_LINKS = {
  admin: [
    'Dashboard',
    'Merchants',
    'Transactions',
    'Payouts',
    'Chargebacks',
    'Payment Methods',
    'Gateway Accounts',
    'Currency',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Reports',
    'Users',
    'Roles',
    'API Clients',
    'Approvals',
    'Approval Rules',
    'Audit Log',
  ],
  support: [
    'Merchants',
    'Transactions',
    'Payouts',
    'Chargebacks',
    'Payment Methods',
    'Gateway Accounts',
    'Currency',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Users',
    'Roles',
    'Approvals',
  ],
  finance: [
    'Transactions',
    'Payouts',
    'Chargebacks',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Reports',
    'Approvals',
  ],
} as const;

/** happy-dom's window is 1024px wide (a large screen); this narrows it for one test. */
function smallScreen() {
  type HappyWindow = { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };
  const happyDOM = (window as unknown as HappyWindow).happyDOM;
  if (!happyDOM) throw new Error('These tests need the happy-dom environment');
  happyDOM.setViewport({ width: 600, height: 800 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

async function sidebar() {
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('sidebar', () => {
  for (const who of ['admin', 'support', 'finance'] as const) {
    test(`${who} sees exactly the permitted links`, async () => {
      renderApp('/journal_entry', { user: who });
      const links = within(await sidebar()).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(EXPECTED_LINKS[who]);
    });
  }

  test('the links sit in named groups, in the same order', async () => {
    renderApp('/transactions', { user: 'finance' });
    const groups = within(await sidebar()).getAllByRole('group');
    const read = groups.map((group) => [
      group.getAttribute('aria-labelledby') &&
        document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ]);
    // Written out, not derived: finance has no Dashboard (ungrouped) and no catalogue screen.
    expect(read).toEqual([
      ['Money', ['Transactions', 'Payouts', 'Chargebacks']],
      ['Books', ['GL Accounts', 'Account Mapping', 'Journal Entry', 'Reports']],
      ['Staff', ['Approvals']],
    ]);
    expect(screen.getByRole('group', { name: 'Money' })).toBeInTheDocument();
  });

  test('the links point at their screens', async () => {
    renderApp('/', { user: 'admin' });
    const nav = await sidebar();
    expect(within(nav).getByRole('link', { name: 'Journal Entry' })).toHaveAttribute(
      'href',
      '/journal_entry',
    );
    expect(within(nav).getByRole('link', { name: 'Account Mapping' })).toHaveAttribute(
      'href',
      '/account-mappings',
    );
  });

  test('the current screen is highlighted, and only it', async () => {
    renderApp('/payouts?page=2', { user: 'admin' });
    const nav = await sidebar();
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test.each([
    ['/merchant-details/8f9f4a4e-0000-4000-8000-000000000001', 'Merchants'],
    ['/currency/currency-detail/42', 'Currency'],
    ['/gateway-account-detail/7', 'Gateway Accounts'],
    ['/payment-method/payment-method-detail/3', 'Payment Methods'],
  ])('a detail page %s highlights %s', async (path, label) => {
    renderApp(path, { user: 'admin' });
    const nav = await sidebar();
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  test('navigating moves the highlight', async () => {
    const { user, router } = renderApp('/transactions', { user: 'finance' });
    const nav = await sidebar();
    await user.click(within(nav).getByRole('link', { name: 'GL Accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gl-accounts'));
    expect(within(nav).getByRole('link', { name: 'GL Accounts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
  });

  test('the desktop sidebar collapses and the choice is remembered', async () => {
    const { user } = renderApp('/transactions', { user: 'finance' });
    await sidebar();
    // The window is 1024px wide: a large screen, where only the collapsing burger shows.
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarExpanded)).toBe('false');
    // Off screen, and out of the tab order and the accessibility tree.
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('inert');
    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveAttribute('inert');
  });

  test('a remembered collapsed sidebar starts collapsed', async () => {
    localStorage.setItem(STORAGE_KEYS.sidebarExpanded, 'false');
    renderApp('/transactions', { user: 'finance' });
    await sidebar();
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('the small-screen sidebar closes on Escape', async () => {
    smallScreen();
    const { user } = renderApp('/transactions', { user: 'finance' });
    await sidebar();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the small-screen sidebar closes on a click outside it', async () => {
    smallScreen();
    const { user } = renderApp('/transactions', { user: 'finance' });
    await sidebar();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    await user.click(toggle);
    // A click inside the sidebar keeps it open.
    await user.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The page content is outside the sidebar whatever screen it shows.
    await user.click(screen.getByRole('main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('header', () => {
  test('has the notifications bell', async () => {
    renderApp('/', { user: 'admin' });
    // On the Dashboard the waiting counts are known, so the name may carry them ('Notifications: 3 waiting').
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });

  test("the header shows the token's name and e-mail without opening the menu (spec §1)", async () => {
    renderApp('/', { user: 'finance' });
    const button = await screen.findByRole('button', { name: /user menu/i });
    expect(within(button).getByText(DEMO_USERS.finance.name)).toBeInTheDocument();
    expect(within(button).getByText(DEMO_USERS.finance.email)).toBeInTheDocument();
  });

  test("the user menu shows the token's name and e-mail", async () => {
    const { user } = renderApp('/', { user: 'support' });
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(DEMO_USERS.support.name)).toBeInTheDocument();
    expect(within(menu).getByText(DEMO_USERS.support.email)).toBeInTheDocument();
  });
});

describe('the theme', () => {
  test('light, dark or the system’s, chosen from the user menu and kept for the next visit', async () => {
    const { user, unmount } = renderApp('/', { user: 'support' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    const menu = await screen.findByRole('menu');
    // The theme choice comes with the menu's first opening (decision 080).
    const theme = await within(menu).findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(theme).getByRole('radio', { name: 'System' })).not.toBeChecked();

    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(within(theme).getByRole('radio', { name: 'Dark' })).toBeChecked();
    unmount();

    // A new visit in the same browser starts dark.
    renderApp('/', { user: 'support' });
    await screen.findByRole('button', { name: /user menu/i });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
