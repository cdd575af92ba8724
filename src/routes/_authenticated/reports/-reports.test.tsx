import { utcDay } from '@contract/books';
import { screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import { reportSearchSchema } from './index';

describe('/reports', () => {
  it('opens on the trial balance as of today: each currency’s debit and credit totals are equal', async () => {
    renderApp('/reports', { user: 'finance' });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Trial balance' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Trial balance ETB' });
    const debit = within(table).getByTestId('debit-total-ETB').textContent;
    expect(debit).not.toBe('');
    expect(within(table).getByTestId('credit-total-ETB').textContent).toBe(debit);
    expect(screen.getAllByText('Debits equal credits').length).toBeGreaterThan(0);
  });

  it('keeps the report and its dates in the URL', async () => {
    const { router, user } = renderApp('/reports?report=income-statement&from=2026-11-01&to=2026-11-20', {
      user: 'finance',
    });
    expect(await screen.findByRole('tab', { name: 'Income statement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Balance sheet' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        report: 'balance-sheet',
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
  });

  it('bad values fall back: an unknown report, an impossible date, a range the wrong way round, a bad id', () => {
    const parse = (search: Record<string, unknown>) => v.parse(reportSearchSchema, search);
    expect(parse({ report: 'cash-flow', as_of: '2026-02-30', gl_account: 'nope', page: -2 })).toEqual({
      report: 'trial-balance',
      as_of: undefined,
      from: undefined,
      to: undefined,
      gl_account: undefined,
      currency: undefined,
      merchant: undefined,
      page: 1,
    });
    expect(parse({ report: 'income-statement', from: '2026-11-20', to: '2026-11-01' })).toMatchObject({
      from: undefined,
      to: undefined,
    });
  });

  it('with a bad date in the URL the screen shows today’s trial balance', async () => {
    renderApp('/reports?report=nonsense&as_of=2026-13-45', { user: 'finance' });
    expect(await screen.findByRole('tab', { name: 'Trial balance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByDisplayValue(utcDay(new Date()))).toBeVisible();
  });

  it('is refused without view-reports (support), and not in their sidebar', async () => {
    renderApp('/reports', { user: 'support' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
  });

  describe('CSV of the statements', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Exports the report the URL opens and returns the saved file's name and rows. */
    async function exported(url: string) {
      const downloads = captureDownloads();
      const { user } = renderApp(url, { user: 'finance' });
      const button = await screen.findByRole('button', { name: 'Export CSV' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      await waitFor(() => expect(downloads.blobs).toHaveLength(1));
      const text = await (downloads.blobs[0] as Blob).text();
      return {
        name: downloads.names[0],
        rows: text
          .trimEnd()
          .split('\r\n')
          .map((line) => line.split(',')),
      };
    }

    it('the balance sheet: one header, then each currency’s sections, earnings and total', async () => {
      const { name, rows } = await exported('/reports?report=balance-sheet&as_of=2026-11-20');
      expect(name).toBe('balance-sheet-2026-11-20.csv');
      expect(rows[0]).toEqual(['Currency', 'Section', 'GL account', 'Balance']);
      expect(rows.filter((row) => row[0] === 'Currency')).toHaveLength(1);
      const etb = rows.filter((row) => row[0] === 'ETB');
      expect(etb.map((row) => row[1])).toContain('Assets');
      expect(etb.find((row) => row[2] === 'Current earnings')?.[1]).toBe('Equity');
      expect(etb.at(-1)?.slice(1, 3)).toEqual(['Liabilities and equity', 'Total']);
    });

    it('the income statement: one header, then each currency’s income, expense and net income', async () => {
      const { name, rows } = await exported('/reports?report=income-statement&from=2026-11-01&to=2026-11-20');
      expect(name).toBe('income-statement-2026-11-01-2026-11-20.csv');
      expect(rows[0]).toEqual(['Currency', 'Section', 'GL account', 'Balance']);
      expect(rows.filter((row) => row[0] === 'Currency')).toHaveLength(1);
      const etb = rows.filter((row) => row[0] === 'ETB');
      expect(etb.at(-1)?.slice(1, 3)).toEqual(['Net income', '']);
      expect(etb.filter((row) => row[2] === 'Total').map((row) => row[1])).toEqual(['Income', 'Expense']);
    });
  });
});
