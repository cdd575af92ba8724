import { BOOKS_MESSAGES } from '@contract/books';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { draftTotals } from './journal-form';

async function openForm(user: 'admin' | 'finance' = 'finance') {
  const app = renderApp('/journal_entry', { user });
  await app.user.click(await screen.findByRole('button', { name: 'New journal' }));
  const form = await screen.findByRole('dialog', { name: 'New journal' });
  return { ...app, form };
}

async function choose(app: Awaited<ReturnType<typeof openForm>>, label: string, option: string) {
  await app.user.click(within(app.form).getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

describe('draftTotals', () => {
  it('adds each side, counts amounts not yet numbers as nothing, and is balanced only above zero', () => {
    expect(
      draftTotals([
        { entry_type: 'DEBIT', amount: '10.5' },
        { entry_type: 'DEBIT', amount: 'abc' },
        { entry_type: 'CREDIT', amount: '10' },
      ]),
    ).toEqual({ debit: '10.5', credit: '10', difference: '0.5', balanced: false });
    expect(
      draftTotals([
        { entry_type: 'DEBIT', amount: '' },
        { entry_type: 'CREDIT', amount: '' },
      ]).balanced,
    ).toBe(false);
  });
});

describe('New journal', () => {
  /** Fills a two-line journal (pasting, which is quicker than typing each key). */
  async function fill(app: Awaited<ReturnType<typeof openForm>>, debit: string, credit: string) {
    const { form, user } = app;
    const paste = async (name: string, text: string) => {
      await user.click(within(form).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await choose(app, 'Currency', 'USD');
    await paste('Narration', 'Owner capital');
    await choose(app, 'GL account 1', 'Settlement Bank Accounts');
    await paste('Amount 1', debit);
    await choose(app, 'GL account 2', 'Owner Equity');
    await paste('Amount 2', credit);
  }

  it('shows the running totals and their difference, and refuses an unbalanced journal by name', async () => {
    const app = await openForm();
    const { form, user } = app;
    await fill(app, '100', '90.5');
    expect(within(form).getByTestId('journal-total-debit')).toHaveTextContent('100.00');
    expect(within(form).getByTestId('journal-total-credit')).toHaveTextContent('90.50');
    expect(within(form).getByTestId('journal-difference')).toHaveTextContent('9.50');
    const before = db.journalEntries.length;
    await user.click(within(form).getByRole('button', { name: 'Post journal' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      BOOKS_MESSAGES.unbalanced('100', '90.5'),
    );
    expect(db.journalEntries).toHaveLength(before);
  });

  it('posts a balanced journal and closes', async () => {
    const app = await openForm();
    await fill(app, '100', '100');
    expect(within(app.form).getByTestId('journal-difference')).toHaveTextContent('Balanced');
    const before = db.journalEntries.length;
    await app.user.click(within(app.form).getByRole('button', { name: 'Post journal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New journal' })).toBeNull());
    expect(db.journalEntries).toHaveLength(before + 2);
    expect(db.bookJournals.at(-1)).toMatchObject({
      description: 'Owner capital',
      currency: { name_code: 'USD' },
    });
  });

  it('says what is missing under each field before sending anything', async () => {
    const app = await openForm();
    await app.user.click(within(app.form).getByRole('button', { name: 'Post journal' }));
    expect(await within(app.form).findByText(BOOKS_MESSAGES.currency)).toBeVisible();
    expect(within(app.form).getByText(BOOKS_MESSAGES.narration)).toBeVisible();
    expect(within(app.form).getAllByText(BOOKS_MESSAGES.glAccount)).toHaveLength(2);
  });

  it("offers only accounts that allow manual entries and are active, and shows the server's refusal", async () => {
    const app = await openForm('admin');
    await app.user.click(within(app.form).getByRole('combobox', { name: 'GL account 1' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Owner Equity');
    expect(options).not.toContain('Merchant Payables');
    expect(options).not.toContain('Legacy Clearing Account');
    await app.user.click(screen.getByRole('option', { name: 'Settlement Bank Accounts' }));
    server.use(
      http.post(`${API}/journals`, () => failure(409, BOOKS_MESSAGES.periodClosed('2026-10', '2026-10-15'))),
    );
    await choose(app, 'Currency', 'ETB');
    await app.user.type(within(app.form).getByRole('textbox', { name: 'Narration' }), 'Late accrual');
    await app.user.type(within(app.form).getByRole('textbox', { name: 'Amount 1' }), '5');
    await choose(app, 'GL account 2', 'Owner Equity');
    await app.user.type(within(app.form).getByRole('textbox', { name: 'Amount 2' }), '5');
    await app.user.click(within(app.form).getByRole('button', { name: 'Post journal' }));
    expect(await within(app.form).findByRole('alert')).toHaveTextContent('The period October 2026 is closed');
  });

  it('is not offered without create-journal-entry', async () => {
    renderApp('/journal_entry', { user: 'support' });
    await screen.findByRole('heading', { name: 'Journal Entry' });
    expect(screen.queryByRole('button', { name: 'New journal' })).toBeNull();
  });
});
