import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApiClientByApi, openChargebackByApi, signIn, signInByApi, updateScreenshot } from './support';

/** A phone (iPhone 12 to 15) and a portrait tablet (iPad mini). */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

interface Screen {
  /** The route as src/routeTree.gen.ts names it. */
  route: string;
  /** The file name of its screenshots. */
  name: string;
  /** Goes there as the signed-in admin; resolves once the screen shows its content. */
  open: (page: Page) => Promise<void>;
  /** A picture for the README (docs/screenshots/phone-<name>.png) at phone width. */
  readme?: boolean;
  /** And one with its date picker open (phone-<name>-date-picker.png). */
  readmePicker?: boolean;
}

async function openList(page: Page, path: string, table: string) {
  await page.goto(path);
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
}

/** Opens a record from its list: its first row, or the control `opener` finds. */
async function openRecord(
  page: Page,
  path: string,
  table: string,
  url: RegExp,
  opener: (page: Page) => Locator = (p) => p.getByRole('table', { name: table }).getByRole('row').nth(1),
) {
  await openList(page, path, table);
  await opener(page).click();
  await expect(page).toHaveURL(url);
  // The URL changes before the record's page replaces the list: measured in between, the list's
  // heading was found and then gone (its box null), once in a full run.
  await expect(page.getByRole('table', { name: table })).toHaveCount(0);
}

/** Every screen a demo admin can open, by its route. */
const SCREENS: Screen[] = [
  {
    route: '/',
    name: 'dashboard',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue(/~/);
    },
  },
  {
    route: '/merchants/',
    name: 'merchants',
    open: (page) => openList(page, '/merchants', 'Merchants'),
    readme: true,
  },
  {
    route: '/merchant-details/$id',
    name: 'merchant-details',
    open: (page) => openRecord(page, '/merchants', 'Merchants', /\/merchant-details\//),
  },
  {
    route: '/transactions/',
    name: 'transactions',
    open: (page) => openList(page, '/transactions', 'Transactions'),
    readme: true,
    readmePicker: true,
  },
  { route: '/payouts/', name: 'payouts', open: (page) => openList(page, '/payouts', 'Payouts requests') },
  {
    route: '/payment-methods/',
    name: 'payment-methods',
    open: (page) => openList(page, '/payment-methods', 'Payment Methods'),
  },
  {
    route: '/payment-method/payment-method-detail/$id',
    name: 'payment-method-detail',
    open: (page) =>
      openRecord(
        page,
        '/payment-methods',
        'Payment Methods',
        /\/payment-method\/payment-method-detail\//,
        (p) => p.getByRole('button', { name: 'Detail of Mastercard' }),
      ),
  },
  {
    route: '/gateway-accounts/',
    name: 'gateway-accounts',
    open: (page) => openList(page, '/gateway-accounts', 'Gateway Accounts'),
  },
  {
    route: '/gateway-account-detail/$id',
    name: 'gateway-account-detail',
    open: (page) => openRecord(page, '/gateway-accounts', 'Gateway Accounts', /\/gateway-account-detail\//),
  },
  {
    route: '/disputes/',
    name: 'disputes',
    open: async (page) => {
      await openChargebackByApi(page);
      await openList(page, '/disputes', 'Chargebacks');
    },
  },
  {
    route: '/disputes/$id',
    name: 'dispute-detail',
    open: async (page) => {
      await page.goto(`/disputes/${await openChargebackByApi(page)}`);
      await expect(page.getByRole('heading', { name: /^Chargeback on / })).toBeVisible();
    },
  },
  { route: '/users/', name: 'users', open: (page) => openList(page, '/users', 'Users') },
  {
    route: '/user-detail/$id',
    name: 'user-detail',
    open: (page) => openRecord(page, '/users', 'Users', /\/user-detail\//),
  },
  { route: '/roles/', name: 'roles', open: (page) => openList(page, '/roles', 'Roles') },
  {
    route: '/account/',
    name: 'account',
    open: async (page) => {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible();
    },
  },
  {
    route: '/api-clients/',
    name: 'api-clients',
    open: async (page) => {
      await createApiClientByApi(page, 'Responsive platform');
      await openList(page, '/api-clients', 'API clients');
    },
  },
  { route: '/currency/', name: 'currencies', open: (page) => openList(page, '/currency', 'Currencies') },
  {
    route: '/currency/currency-detail/$id',
    name: 'currency-detail',
    open: (page) =>
      openRecord(page, '/currency', 'Currencies', /\/currency\/currency-detail\//, (p) =>
        p.getByRole('link', { name: 'Detail of ETB' }),
      ),
  },
  {
    route: '/gl-accounts/',
    name: 'gl-accounts',
    open: (page) => openList(page, '/gl-accounts', 'GL Accounts'),
  },
  {
    route: '/account-mappings/',
    name: 'account-mappings',
    open: (page) => openList(page, '/account-mappings', 'Account Mapping'),
  },
  {
    route: '/journal_entry/',
    name: 'journal-entries',
    open: async (page) => {
      await page.goto('/journal_entry');
      await expect(page.getByText('Balanced').first()).toBeVisible();
    },
  },
  {
    route: '/reports/',
    name: 'reports',
    open: async (page) => {
      await page.goto('/reports');
      await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
      await expect(page.getByText('Debits equal credits').first()).toBeVisible();
    },
  },
  {
    route: '/approvals/',
    name: 'approvals',
    open: async (page) => {
      await page.goto('/approvals');
      await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
    },
  },
  {
    // A fresh database may hold no request yet: the detail's frame, with its not-found message.
    route: '/approvals/$id',
    name: 'approval-detail',
    open: async (page) => {
      await page.goto('/approvals/11111111-1111-4111-8111-111111111111');
      await expect(page.getByText('This approval request does not exist.')).toBeVisible();
    },
  },
  {
    route: '/approval-rules/',
    name: 'approval-rules',
    open: async (page) => {
      await page.goto('/approval-rules');
      await expect(page.getByRole('heading', { name: 'Approval Rules' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save rules' })).toBeVisible();
    },
  },
  // The admin's own sign-in is always recorded, so the log has a row on a fresh database.
  { route: '/audit-log/', name: 'audit-log', open: (page) => openList(page, '/audit-log', 'Audit records') },
];

/**
 * Routes not opened as the admin here: signing out leaves at once, /signin is checked signed out
 * (below), /set-password opens only for a one-time-password session (e2e/staff.spec.ts), and
 * /second-factor-setup only for a sign-in a role's second factor holds up (e2e/second-factor.spec.ts),
 * and /sso-callback only on the way back from an identity provider (e2e/sso.spec.ts).
 */
const NOT_SCREENS = ['/logout', '/signin', '/set-password', '/second-factor-setup', '/sso-callback'];

/** The element's box lies within the viewport's width (its height may scroll). */
async function expectWithinWidth(what: string, locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect.soft(box, `${what} is on the page`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect
    .soft(box.x + box.width, `${what} ends inside the ${width}px screen`)
    .toBeLessThanOrEqual(width + 0.5);
}

/** The whole element is on screen, both ways: a button the user must be able to press. */
async function expectOnScreen(what: string, locator: Locator, viewport: { width: number; height: number }) {
  await expectWithinWidth(what, locator, viewport.width);
  const box = await locator.boundingBox();
  if (!box) return;
  expect.soft(box.y, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect
    .soft(box.y + box.height, `${what} ends above the screen's bottom`)
    .toBeLessThanOrEqual(viewport.height);
}

/** The page scrolls only up and down: nothing pushes it wider than the screen. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect.soft(widths.document, 'the page is no wider than the screen').toBeLessThanOrEqual(width);
  expect.soft(widths.body, 'the body is no wider than the screen').toBeLessThanOrEqual(width);
}

/**
 * What a list screen cannot do without: its search box, date range, Export CSV, filter, table (its
 * scrolling frame: the table itself may be wider and scroll inside it) and pager, each within the
 * screen's width when the screen has it.
 */
async function expectEssentialsFit(page: Page, width: number) {
  const essentials: [string, Locator][] = [
    ['the heading', page.getByRole('main').getByRole('heading', { level: 2 }).first()],
    ['the search box', page.getByRole('searchbox')],
    ['the date range', page.getByRole('combobox', { name: /^(Date range|Period)$/ })],
    ['Export CSV', page.getByRole('button', { name: 'Export CSV' })],
    ['the filter', page.getByRole('combobox', { name: 'Filter' })],
    ['the filter panel', page.getByRole('radiogroup', { name: 'Filter' })],
    ['the pager', page.getByRole('navigation', { name: 'Pagination' })],
  ];
  for (const [what, locator] of essentials) {
    for (const one of await locator.all()) {
      if (await one.isVisible()) await expectWithinWidth(what, one, width);
    }
  }
  // A list screen's table gets the screen's width less the page's margins (the page's 16px and its
  // frame's 17px each side), not what a filter panel beside it would leave (about 120px at 390px).
  const listScreen = (await page.getByRole('searchbox').count()) > 0;
  for (const [index, table] of (await page.getByRole('main').getByRole('table').all()).entries()) {
    if (!(await table.isVisible())) continue;
    if (listScreen && index === 0) {
      const box = await table
        .locator('xpath=ancestor::*[contains(@class, "mantine-TableScrollContainer-scrollContainer ")][1]')
        .boundingBox();
      expect
        .soft(box?.width ?? 0, "the list's table has the screen's width")
        .toBeGreaterThanOrEqual(width - 70);
    }
    const frame = table.locator(
      'xpath=ancestor::*[contains(@class, "mantine-TableScrollContainer-scrollContainer ")][1]',
    );
    await expectWithinWidth('a table', (await frame.count()) ? frame : table, width);
  }
}

/** Opens the screen's date range picker, if it has one: the popup and its buttons are on screen. */
async function expectDatePickerFits(
  page: Page,
  viewport: { width: number; height: number },
  shot: string,
  readmeName?: string,
) {
  const input = page.getByRole('combobox', { name: /^(Date range|Period)$/ });
  if ((await input.count()) === 0) return;
  await input.click();
  const dialog = page.getByRole('dialog', { name: 'Choose dates' });
  await expect(dialog).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectOnScreen('the date picker', dialog, viewport);
  for (const button of ['Cancel', 'Apply']) {
    const locator = dialog.getByRole('button', { name: button });
    if (await locator.count()) await expectOnScreen(`the date picker's ${button}`, locator, viewport);
  }
  await page.screenshot({ path: shot });
  if (readmeName) await updateScreenshot(page, readmeName);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('every route of the console is checked here at phone and tablet width', () => {
  // A screen added to the router and not here fails this test, so none is left unchecked.
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = tree.match(/fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/)?.[1] ?? '';
  const routes = [...block.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  expect(routes.length).toBeGreaterThan(10);
  expect([...SCREENS.map((s) => s.route), ...NOT_SCREENS].sort()).toEqual(routes.sort());
});

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width}px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the sign-in screen fits', async ({ page }, testInfo) => {
      await page.goto('/signin');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      for (const what of ['Email address', 'Password']) {
        await expectWithinWidth(what, page.getByLabel(what, { exact: true }), viewport.width);
      }
      await expectWithinWidth('Sign in', page.getByRole('button', { name: 'Sign in' }), viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`signin-${viewport.width}.png`) });
    });

    for (const screen of SCREENS) {
      test(`${screen.route} keeps its search, filters, table and pager on screen`, async ({
        page,
      }, testInfo) => {
        await signInByApi(page, 'admin');
        await screen.open(page);
        // Fonts and late layout (a pager under a table) settle before anything is measured: the fonts
        // are loaded and nothing on the page is still loading. Not 'networkidle': the live event
        // stream keeps a request open on every signed-in page.
        await page.evaluate(() => document.fonts.ready);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSidewaysScroll(page, viewport.width);
        await expectEssentialsFit(page, viewport.width);
        await page.screenshot({ path: testInfo.outputPath(`${screen.name}-${viewport.width}.png`) });
        if (screen.readme && viewport.name === 'phone') await updateScreenshot(page, `phone-${screen.name}`);
        await expectDatePickerFits(
          page,
          viewport,
          testInfo.outputPath(`${screen.name}-${viewport.width}-date-picker.png`),
          screen.readmePicker && viewport.name === 'phone' ? `phone-${screen.name}-date-picker` : undefined,
        );
      });
    }
  });
}

test.describe('toasts', () => {
  for (const viewport of [{ width: 1440, height: 900 }, WIDTHS[0]]) {
    test(`at ${viewport.width}px appear below the header, never over the signed-in name`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, 'admin');
      await openList(page, '/payouts', 'Payouts requests');
      // Copying a code toasts its outcome (copied, or why not).
      await page
        .getByRole('button', { name: /^Copy / })
        .first()
        .click();
      const toast = page.locator('.mantine-Notification-root').first();
      await expect(toast).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const header = await page.getByRole('banner').boundingBox();
      const box = await toast.boundingBox();
      if (!header || !box) throw new Error('no header or no toast');
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      if (viewport.width >= 1024) {
        const name = await page.getByRole('banner').getByText('Abebe Kebede').boundingBox();
        if (!name) throw new Error('the signed-in name is not in the header');
        expect(box.y).toBeGreaterThanOrEqual(name.y + name.height);
      }
    });
  }
});
