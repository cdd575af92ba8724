import { API_ERRORS } from '@contract/messages';
import { DEMO_USERS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type FieldInput, fillForm } from '@/test/form';
import { retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

const UNKNOWN = '00000000-0000-4000-8000-999999999999';

function method(code: string) {
  const found = db.paymentMethods.find((m) => m.code === code);
  if (!found) throw new Error(`no ${code} in the store`);
  return found;
}

function detailPath(code: string, tab?: 'charges') {
  return `/payment-method/payment-method-detail/${method(code).id}${tab ? `?tab=${tab}` : ''}`;
}

const limitRows = () => tableRows('Transaction Limits');

/** A method without limits: the demo gives every method its type's, so Mastercard's are taken away. */
function methodWithoutLimits() {
  const bare = method('MASTERCARD');
  db.transactionLimits = db.transactionLimits.filter((l) => l.payment_method_id !== bare.id);
  return bare;
}

/**
 * Holds every request to `path` (matching `when`) until released, then lets it fall through to the
 * mock backend's own handler.
 */
function holdRequests(path: string, when: (url: URL) => boolean = () => true) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(`${API}${path}`, async ({ request }) => {
      if (when(new URL(request.url))) await gate;
      // Nothing returned: MSW goes on to the default handler.
    }),
  );
  return () => release();
}

function currencyCode(code: string) {
  const found = db.currencies.find((c) => c.name_code === code);
  if (!found) throw new Error(`no ${code} in the store`);
  return found;
}

/** Add Transaction Limit (on screen now): fills the form and saves; answers the dialog. */
async function saveNewLimit(user: UserEvent, fields: Record<string, FieldInput>) {
  await user.click(screen.getByRole('button', { name: 'Add Transaction Limit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Transaction Limit' });
  await fillForm(user, dialog, fields);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('/payment-method/payment-method-detail/$id', () => {
  it('shows the method with a breadcrumb, the side tabs and its limits', async () => {
    renderApp(detailPath('CBE'));
    expect(await screen.findByRole('heading', { name: 'Commercial Bank of Ethiopia' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment Methods', current: false })).toBeInTheDocument();
    expect(screen.getByText('CBE · Bank')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist');
    expect(tabs).toHaveAttribute('aria-orientation', 'vertical');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Transaction Limit', 'Charges', 'History']);
    const rows = await limitRows();
    expect(rows.map(cellsOf).map((cells) => cells.slice(0, 5))).toEqual([
      ['1', '1', '1,000,000', 'Daily', 'Active'],
      ['2', '1', '20,000,000', 'Monthly', 'Active'],
    ]);
  });

  it('shows the empty state for a method without limits, and Retry after a failed load', async () => {
    const bare = methodWithoutLimits();
    server.use(
      http.get(`${API}/payment-methods/:id/transaction-limits`, () => failure(500, 'Internal server error'), {
        once: true,
      }),
    );
    await retryAfterFailure(`/payment-method/payment-method-detail/${bare.id}`);
    expect(await screen.findByText('There are no Transaction Limits')).toBeInTheDocument();
  });

  it('shows the limits table’s skeleton while the limits still load', async () => {
    // The method fails first, so the page (not the route's pending view) shows while the limits,
    // held back, are still on their way when Retry brings the tabs up.
    server.use(
      http.get(`${API}/payment-methods/:id`, () => failure(500, 'Internal server error'), { once: true }),
    );
    const release = holdRequests('/payment-methods/:id/transaction-limits');
    const { user } = renderApp(detailPath('CBE'));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Commercial Bank of Ethiopia' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Transaction Limits' })).not.toBeInTheDocument();
    release();
    expect(await limitRows()).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says so for an unknown method', async () => {
    renderApp(`/payment-method/payment-method-detail/${UNKNOWN}`);
    expect(await screen.findByText('This payment method does not exist.')).toBeInTheDocument();
  });

  it('shows each limit rule’s message and sends nothing until they hold', async () => {
    const requests = captureRequests('/transaction-limits');
    const { user } = renderApp(`/payment-method/payment-method-detail/${methodWithoutLimits().id}`);
    await user.click(await screen.findByRole('button', { name: 'Add Transaction Limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Transaction Limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minimum amount must be a positive integer')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum amount must be a positive integer')).toBeInTheDocument();
    expect(within(dialog).getByText('Interval must be selected')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum Amount' }), '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum Amount' }), '100');
    await waitFor(() =>
      expect(within(dialog).getByText('Minimum amount must be a positive integer')).toBeInTheDocument(),
    );
    const min = within(dialog).getByRole('textbox', { name: 'Minimum Amount' });
    await user.clear(min);
    await user.type(min, '500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Interval' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    expect(
      await within(dialog).findByText('Maximum amount must be greater than Minimum amount'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requests.filter((url) => url.pathname.endsWith('/api/v1/transaction-limits'))).toHaveLength(0);
  });

  it('refuses a fraction under the field rather than dropping its point, and sends nothing', async () => {
    const requests = captureRequests('/api/v1/transaction-limits');
    const { user } = renderApp(`/payment-method/payment-method-detail/${methodWithoutLimits().id}`);
    await screen.findByRole('button', { name: 'Add Transaction Limit' });
    const dialog = await saveNewLimit(user, {
      'Minimum Amount': '1.5',
      'Maximum Amount': '100',
      Interval: { pick: 'Daily' },
    });
    const min = within(dialog).getByRole('textbox', { name: 'Minimum Amount' });
    // What was typed stays as typed (not 15, not 1) and is refused with the rule's message.
    expect(min).toHaveValue('1.5');
    await waitFor(() => expect(min).toHaveAttribute('aria-invalid', 'true'));
    expect(min).toHaveAccessibleDescription(
      expect.stringContaining('Minimum amount must be a positive integer'),
    );
    expect(requests).toHaveLength(0);
  });

  it('adds a limit: POST with the method’s id, toast, and the table shows it without a reload', async () => {
    const bare = methodWithoutLimits();
    let sentBody: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/transaction-limits'))
        sentBody = await request.clone().json();
    });
    const { user } = renderApp(`/payment-method/payment-method-detail/${bare.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add Transaction Limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Transaction Limit' });
    await fillForm(user, dialog, {
      'Minimum Amount': '10',
      'Maximum Amount': '50000',
      Interval: { pick: 'Daily' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction limit added successfully')).toBeInTheDocument();
    expect(sentBody).toEqual({
      min_amount: '10',
      max_amount: '50000',
      interval: 'DAILY',
      payment_method_id: bare.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rows = await limitRows();
    expect(cellsOf(rows[0]).slice(1, 4)).toEqual(['10', '50,000', 'Daily']);
  });

  it('a refused add toasts “Failed to add transaction limit” with the server’s reason, keeping the form', async () => {
    const { user } = renderApp(detailPath('CBE'));
    await limitRows();
    await saveNewLimit(user, {
      'Minimum Amount': '5',
      'Maximum Amount': '500',
      Interval: { pick: 'Daily' },
    });
    expect(await screen.findByText('Failed to add transaction limit')).toBeInTheDocument();
    expect(
      screen.getByText(/^An active DAILY limit of this payment method already covers 1 to 1000000/),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Transaction Limit' })).toBeInTheDocument();
  });

  it('two refusals in a row for different reasons both show their reason', async () => {
    const { user } = renderApp(detailPath('CBE'));
    await limitRows();
    const dialog = await saveNewLimit(user, {
      'Minimum Amount': '5',
      'Maximum Amount': '500',
      Interval: { pick: 'Daily' },
    });
    expect(
      await screen.findByText(/^An active DAILY limit of this payment method already covers 1 to 1000000/),
    ).toBeInTheDocument();
    // The permission is withdrawn meanwhile: the first toast is still on screen when this one comes.
    server.use(
      http.post(`${API}/transaction-limits`, () => failure(403, API_ERRORS.forbidden), { once: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(API_ERRORS.forbidden)).toBeInTheDocument();
    expect(
      screen.getByText(/^An active DAILY limit of this payment method already covers 1 to 1000000/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Failed to add transaction limit')).toHaveLength(2);
  });

  it('edits a limit: the form holds its values; PUT without the method; toast and the row changes', async () => {
    let sentBody: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT') sentBody = await request.clone().json();
    });
    const { user } = renderApp(detailPath('CBE'));
    const rows = await limitRows();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Edit Monthly limit 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Transaction Limit' });
    const max = within(dialog).getByRole('textbox', { name: 'Maximum Amount' });
    expect(max).toHaveValue('20,000,000');
    await user.clear(max);
    await user.type(max, '25000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction limit updated successfully')).toBeInTheDocument();
    expect(sentBody).toEqual({ min_amount: '1', max_amount: '25000000', interval: 'MONTHLY' });
    await waitFor(async () => expect(cellsOf((await limitRows())[1])[2]).toBe('25,000,000'));
  });

  it('deletes a limit after confirmation: toast, and the row leaves the table', async () => {
    const { user } = renderApp(detailPath('CBE'));
    const rows = await limitRows();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete Daily limit 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete transaction limit' });
    expect(within(dialog).getByText(/Delete the daily limit of 1 to 1,000,000\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction Limit Successfully Deleted')).toBeInTheDocument();
    await waitFor(async () => expect(await limitRows()).toHaveLength(1));
    expect(cellsOf((await limitRows())[0])[3]).toBe('Monthly');
  });

  it('deactivates from the header after confirmation; the badge changes without a reload', async () => {
    const { user } = renderApp(detailPath('CBE'));
    await screen.findByRole('heading', { name: 'Commercial Bank of Ethiopia' });
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Successfully Deactivated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('support sees the limits but no Edit, status action, Add, Edit or Delete', async () => {
    renderApp(detailPath('CBE'), { user: 'support' });
    expect(await limitRows()).toHaveLength(2);
    for (const name of [/^Edit/, /^Deactivate/, /^Activate/, 'Add Transaction Limit', /^Delete/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('Charges lists each supported currency’s gateway charges read-only, linking to the currency', async () => {
    const { user, router } = renderApp(detailPath('CBE'));
    await user.click(await screen.findByRole('tab', { name: 'Charges' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'charges' }));
    const etb = db.currencies.find((c) => c.name_code === 'ETB');
    const usd = db.currencies.find((c) => c.name_code === 'USD');
    const etbLink = await screen.findByRole('link', { name: 'Ethiopian Birr (ETB)' });
    expect(etbLink).toHaveAttribute('href', `/currency/currency-detail/${etb?.id}`);
    expect(screen.getByRole('link', { name: `${usd?.name} (USD)` })).toHaveAttribute(
      'href',
      `/currency/currency-detail/${usd?.id}`,
    );
    const table = await screen.findByRole('table', { name: 'Ethiopian Birr (ETB)' });
    const text = table.textContent ?? '';
    expect(text).toContain('Card processing fee');
    expect(text).toContain('2.5%');
    expect(text).toContain('1,001.00 – 10,000.00: 15.00');
    // The same labels and amounts as the currency's page (spec §9): FLAT, the charge time as written.
    const wallet = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === 'Wallet transaction fee');
    expect(cellsOf(wallet)).toEqual(['Wallet transaction fee', 'Transaction Fee', 'Flat', '5.00']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Charge Time', 'Calculation', 'Amount']);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    await user.click(etbLink);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/currency/currency-detail/${etb?.id}`));
  });

  it('Charges shows a skeleton while the currencies load, and Retry after they fail', async () => {
    const release = holdRequests('/currencies');
    const first = renderApp(detailPath('CBE', 'charges'));
    expect(await screen.findByRole('table', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ethiopian Birr (ETB)' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Ethiopian Birr (ETB)' })).toBeInTheDocument();
    first.unmount();

    server.use(http.get(`${API}/currencies`, () => failure(500, 'Internal server error'), { once: true }));
    await retryAfterFailure(detailPath('CBE', 'charges'));
    expect(await screen.findByRole('table', { name: 'Ethiopian Birr (ETB)' })).toBeInTheDocument();
  });

  it('Charges shows each currency’s own skeleton and its own Retry when its charges fail', async () => {
    const etb = currencyCode('ETB');
    const usd = currencyCode('USD');
    const release = holdRequests('/charges', (url) => url.searchParams.get('currency_id') === usd.id);
    let etbFails = true;
    server.use(
      http.get(`${API}/charges`, ({ request }) => {
        if (etbFails && new URL(request.url).searchParams.get('currency_id') === etb.id) {
          etbFails = false;
          return failure(500, 'Internal server error');
        }
      }),
    );
    const { user } = renderApp(detailPath('CBE', 'charges'));
    const etbSection = await screen.findByRole('region', { name: 'Ethiopian Birr (ETB)' });
    const usdSection = screen.getByRole('region', { name: `${usd.name} (USD)` });
    // USD's charges are held back: its skeleton, while ETB's failure shows only in ETB's section.
    expect(within(usdSection).getByRole('table', { name: 'Loading' })).toBeInTheDocument();
    const alert = await within(etbSection).findByRole('alert');
    expect(within(alert).getByText('Failed to load resources')).toBeInTheDocument();
    expect(within(usdSection).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(etbSection).findByRole('table', { name: 'Ethiopian Birr (ETB)' }),
    ).toBeInTheDocument();
    release();
    expect(await within(usdSection).findByRole('table', { name: `${usd.name} (USD)` })).toBeInTheDocument();
    expect(within(usdSection).queryByRole('table', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('Charges says when a supported currency has no charges', async () => {
    const bank = method('DASHEN');
    db.paymentMethods = db.paymentMethods.map((m) =>
      m.id === bank.id ? { ...m, supported_currencies: ['EUR'] } : m,
    );
    renderApp(`/payment-method/payment-method-detail/${bank.id}?tab=charges`);
    expect(await screen.findByText('This currency has no gateway charges')).toBeInTheDocument();
  });

  it('Charges needs view-charge: without it the tab says so and loads nothing', async () => {
    const requests = captureRequests('/charges');
    renderApp(`${detailPath('CBE')}?tab=charges`, {
      permissions: { 'payment-method': { roles: ['view-payment-method'] } },
    });
    expect(await screen.findByText('You do not have permission to view charges')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('History: who deactivated the method and deleted a limit, newest first, refreshed after each write', async () => {
    const admin = DEMO_USERS.admin.name;
    const { user } = renderApp(`${detailPath('CBE')}?tab=history`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('There are no Changes')).toBeInTheDocument();

    // The tab stays open while the header's command runs: the history reloads by itself.
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate payment method' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    const deactivated = await waitFor(() => {
      const [event] = within(history).getAllByRole('listitem').filter(isEvent);
      if (!event) throw new Error('no event yet');
      return event;
    });
    expect(deactivated).toHaveTextContent(`Deactivated by ${admin}`);
    expect(within(deactivated).getByRole('list')).toHaveTextContent('Status: Active → changed to Inactive');

    await user.click(screen.getByRole('tab', { name: 'Transaction Limit' }));
    const rows = await limitRows();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete Daily limit 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete transaction limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction Limit Successfully Deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const list = within(await screen.findByRole('region', { name: 'History' }));
    await waitFor(() => expect(list.getAllByRole('listitem').filter(isEvent)).toHaveLength(2));
    const [newest, older] = list.getAllByRole('listitem').filter(isEvent);
    expect(newest).toHaveTextContent(`Transaction limit deleted by ${admin}`);
    expect(newest).toHaveTextContent('Interval: Daily');
    expect(newest).toHaveTextContent('Minimum Amount: 1');
    expect(older).toHaveTextContent(`Deactivated by ${admin}`);
  });
});

/** The history's events, not their field lines (which are list items too). */
function isEvent(item: HTMLElement): boolean {
  return item.parentElement?.tagName === 'OL';
}
