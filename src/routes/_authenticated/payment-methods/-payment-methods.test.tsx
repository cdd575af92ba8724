import { API_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { morePaymentMethods } from '@mocks/data/payment-methods';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fillAndSubmit } from '@/test/form';
import { openListDialog, renderList, retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, findLoadingTable, holdEmptyPage, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Payment Methods');

/** The row whose Name cell is `name`. */
function rowNamed(rows: HTMLElement[], name: string): HTMLElement {
  const row = rows.find((r) => cellsOf(r)[2] === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function listCalls(requests: URL[]) {
  return requests.filter((url) => url.pathname.endsWith('/payment-methods'));
}

/** Adds a bank from the list's Add form (account numbers of 13 digits, a logo on this server) and saves it. */
async function saveNewBank(name: string, code: string, site: string, currency: string) {
  const { user, dialog } = await openAdd();
  await fillAndSubmit(user, dialog, {
    Name: name,
    Code: code,
    Type: { pick: 'Bank' },
    'Account Number Length': '13',
    URL: site,
    Logo: `/api/v1/files/logos/${code}.svg`,
    'Supported Currencies': { pick: currency },
  });
  return dialog;
}

const openAdd = () => openListDialog('/payment-methods', 'Payment Methods', 'Add Payment Method');

describe('/payment-methods', () => {
  it('lists the first page newest first with the spec columns', async () => {
    // Twelve methods: a first page of ten.
    db.paymentMethods = [...db.paymentMethods, ...morePaymentMethods(3)];
    const requests = captureRequests('/payment-methods');
    const { rows, columns } = await renderList('/payment-methods', {
      heading: 'Payment Methods',
      table: 'Payment Methods',
    });
    expect(rows).toHaveLength(10);
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ page: '1', limit: '10' });
    expect(columns).toEqual(['No.', 'Logo', 'Name', 'Payment Type', 'Website', 'Status', 'Actions']);
    // Newest first: Mastercard was added last.
    const first = cellsOf(rows[0]);
    expect(first.slice(0, 1)).toEqual(['1']);
    expect(first.slice(2, 6)).toEqual(['Mastercard', 'Card', 'www.mastercard.com', 'Inactive']);
    expect(cellsOf(rowNamed(rows, 'Commercial Bank of Ethiopia')).slice(2, 6)).toEqual([
      'Commercial Bank of Ethiopia',
      'Bank',
      'www.combanketh.et',
      'Active',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'www.mastercard.com' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
  });

  it('writes the search into the URL and the request, and removes it when cleared', async () => {
    const requests = captureRequests('/payment-methods');
    const { user, router } = renderApp('/payment-methods');
    await bodyRows();
    await user.type(screen.getByRole('searchbox'), 'birr{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'birr' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('search_term')).toBe('birr'));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(9));
  });

  it('shows the loading skeleton until the list arrives', async () => {
    const release = holdEmptyPage('/payment-methods');
    renderApp('/payment-methods');
    expect(await findLoadingTable()).toBeInTheDocument();
    release();
    expect(await screen.findByText('There are no Payment Methods')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('a search that finds nothing shows the table with No results found, not the empty state', async () => {
    renderApp('/payment-methods?search=nothing-like-this');
    const table = await screen.findByRole('table', { name: 'Payment Methods' });
    expect(within(table).getByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('There are no Payment Methods')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no payment methods', async () => {
    db.paymentMethods = [];
    renderApp('/payment-methods');
    expect(await screen.findByText('There are no Payment Methods')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payment Methods' })).not.toBeInTheDocument();
  });

  it('shows the error state with Retry, which loads again', async () => {
    server.use(
      http.get(`${API}/payment-methods`, () => failure(500, 'Internal server error'), { once: true }),
    );
    await retryAfterFailure('/payment-methods');
    expect(await bodyRows()).toHaveLength(9);
  });

  it('opens a method’s detail page from Detail', async () => {
    const { user, router } = renderApp('/payment-methods', { user: 'support' });
    const rows = await bodyRows();
    await user.click(
      within(rowNamed(rows, 'Commercial Bank of Ethiopia')).getByRole('button', {
        name: 'Detail of Commercial Bank of Ethiopia',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/payment-method/payment-method-detail/${db.paymentMethods[0]?.id}`,
      ),
    );
  });

  it('support sees Detail but no Add, Edit, Activate or Deactivate', async () => {
    renderApp('/payment-methods', { user: 'support' });
    const rows = await bodyRows();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Detail of / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Payment Method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate) / })).not.toBeInTheDocument();
  });

  it('update-payment-method alone shows Detail and Edit on every row, but no Add, Activate or Deactivate', async () => {
    renderApp('/payment-methods', {
      permissions: toPermissionMap([PERMISSIONS.viewPaymentMethod, PERMISSIONS.updatePaymentMethod]),
    });
    const rows = await bodyRows();
    for (const row of rows) {
      const buttons = within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
      const name = cellsOf(row)[2];
      expect(buttons).toEqual([`Detail of ${name}`, `Edit ${name}`]);
    }
    expect(screen.queryByRole('button', { name: 'Add Payment Method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate) / })).not.toBeInTheDocument();
  });

  it('deactivates after confirmation: toast, and the row’s status changes without a reload', async () => {
    const requests = captureRequests('/payment-methods');
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    const before = listCalls(requests).length;
    const cbe = 'Commercial Bank of Ethiopia';
    await user.click(within(rowNamed(rows, cbe)).getByRole('button', { name: `Deactivate ${cbe}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Successfully Deactivated')).toBeInTheDocument();
    await waitFor(async () => expect(cellsOf(rowNamed(await bodyRows(), cbe))[5]).toBe('Inactive'));
    expect(listCalls(requests).length).toBeGreaterThan(before);
    expect(db.paymentMethods[0]?.status).toBe('INACTIVE');
  });

  it('activates an inactive method with the spec toast', async () => {
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    const inactive = rows.find((row) => cellsOf(row)[5] === 'Inactive');
    await user.click(within(inactive as HTMLElement).getByRole('button', { name: /^Activate / }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Successfully Activated')).toBeInTheDocument();
  });

  it('a refused status change shows the server’s message; with no message, the spec’s fallback', async () => {
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    // Deactivated elsewhere meanwhile: the server answers 409.
    const target = db.paymentMethods[0];
    if (!target) throw new Error('empty store');
    db.paymentMethods[0] = { ...target, status: 'INACTIVE' };
    await user.click(within(rowNamed(rows, target.name)).getByRole('button', { name: /^Deactivate / }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate payment method' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    expect(await screen.findByText('Payment method is already INACTIVE')).toBeInTheDocument();
    // The refetched row offers what applies now.
    await waitFor(async () => expect(cellsOf(rowNamed(await bodyRows(), target.name))[5]).toBe('Inactive'));

    server.use(http.post(`${API}/payment-methods/:id`, () => HttpResponse.error(), { once: true }));
    await user.click(
      within((await bodyRows())[1] as HTMLElement).getByRole('button', { name: /^Deactivate / }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate payment method' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    expect(await screen.findByText('Failed to deactivate')).toBeInTheDocument();
  });

  it('a refused activation with no server message shows the spec’s fallback, Failed to activate', async () => {
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    const inactive = rows.find((row) => cellsOf(row)[5] === 'Inactive');
    server.use(http.post(`${API}/payment-methods/:id`, () => HttpResponse.error(), { once: true }));
    await user.click(within(inactive as HTMLElement).getByRole('button', { name: /^Activate / }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to activate')).toBeInTheDocument();
    expect(screen.queryByText('Successfully Activated')).not.toBeInTheDocument();
  });

  it('the form’s Supported Currencies load the first 50 currencies (spec §9)', async () => {
    const requests = captureRequests('/currencies');
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('combobox', { name: 'Supported Currencies' }));
    expect(await screen.findByRole('option', { name: 'ETB – Ethiopian Birr' })).toBeInTheDocument();
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) {
      expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '50' });
    }
  });

  it('shows every spec §5 message on an empty add form and sends nothing', async () => {
    const requests = captureRequests('/payment-methods');
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Name is required',
      'Type must be selected',
      'URL is required',
      'Logo is required',
      'Code is required',
      'Account Number Length is required',
      'At least one Supported Currency is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(
      requests.filter((url) => url.pathname.endsWith('/payment-methods') && url.search === ''),
    ).toHaveLength(0);
  });

  it('refuses an account number length of 0 and clears the message once fixed', async () => {
    const { user, dialog } = await openAdd();
    const length = within(dialog).getByRole('textbox', { name: 'Account Number Length' });
    await user.type(length, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account number must be greater than 0')).toBeInTheDocument();
    await user.clear(length);
    await user.type(length, '13');
    await waitFor(() =>
      expect(within(dialog).queryByText('Account number must be greater than 0')).not.toBeInTheDocument(),
    );
  });

  it('refuses a URL that is not a web address and a logo from another site, under each field, sending nothing', async () => {
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/payment-methods')) posts += 1;
    });
    const { user, dialog } = await openAdd();
    await fillAndSubmit(user, dialog, { URL: 'not a url', Logo: 'https://zemenbank.com/logo.png' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    const logo = within(dialog).getByRole('textbox', { name: 'Logo' });
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(expect.stringContaining(VALIDATION.paymentMethod.urlInvalid));
    expect(logo).toHaveAttribute('aria-invalid', 'true');
    expect(logo).toHaveAccessibleDescription(expect.stringContaining(VALIDATION.paymentMethod.logoNotShown));
    expect(posts).toBe(0);
    // A web address written without its scheme is taken (the list adds https://).
    await user.clear(url);
    await user.paste('zemenbank.com');
    await waitFor(() => expect(url).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('refuses a fractional account number length under the field rather than dropping its point', async () => {
    const { user, dialog } = await openAdd();
    const length = within(dialog).getByRole('textbox', { name: 'Account Number Length' });
    await user.type(length, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // As typed (not 15, not 1), and refused with the rule's message under the field.
    expect(length).toHaveValue('1.5');
    await waitFor(() => expect(length).toHaveAttribute('aria-invalid', 'true'));
    expect(length).toHaveAccessibleDescription(
      expect.stringContaining('Account Number Length must be a whole number'),
    );
  });

  it('adds a method: POST with the spec fields, toast, and the new row heads the list without a reload', async () => {
    let sentBody: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/payment-methods'))
        sentBody = await request.clone().json();
    });
    await saveNewBank('Zemen Bank', 'ZEMEN', 'https://zemenbank.com', 'ETB – Ethiopian Birr');
    expect(await screen.findByText('Payment method successfully added')).toBeInTheDocument();
    expect(sentBody).toEqual({
      name: 'Zemen Bank',
      type: 'BANK',
      url: 'https://zemenbank.com',
      logo: '/api/v1/files/logos/ZEMEN.svg',
      code: 'ZEMEN',
      account_number_length: 13,
      supported_currencies: ['ETB'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(cellsOf((await bodyRows())[0])[2]).toBe('Zemen Bank'));
  });

  it('keeps the form open with the server’s message when the code is taken (409)', async () => {
    const dialog = await saveNewBank('Another CBE', 'CBE', 'https://cbe.example', 'USD – US Dollar');
    expect(await screen.findByText('A payment method with code CBE already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Payment Method' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Another CBE');
  });

  it('edits a method: the form holds its values; toast and the row changes without a reload', async () => {
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    const awash = rows.indexOf(rowNamed(rows, 'Awash Bank'));
    await user.click(within(rows[awash] as HTMLElement).getByRole('button', { name: 'Edit Awash Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Payment Method' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Awash Bank');
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('AWASH');
    await user.clear(name);
    await user.type(name, 'Awash International Bank');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeInTheDocument();
    await waitFor(async () => expect(cellsOf((await bodyRows())[awash])[2]).toBe('Awash International Bank'));
  });

  it('shows the server’s 403 message when the API refuses a permitted-looking call', async () => {
    // The console showed the button, but the server no longer grants the permission.
    server.use(http.put(`${API}/payment-methods/:id`, () => failure(403, API_ERRORS.forbidden)));
    const { user } = renderApp('/payment-methods');
    const rows = await bodyRows();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Edit / }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Payment Method' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Payment Method' })).toBeInTheDocument();
  });
});
