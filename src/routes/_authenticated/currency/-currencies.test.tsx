import { CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { currencyId, moreCurrencies } from '@mocks/data/currencies';
import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SUCCESS } from '@/lib/copy';
import { fillAndSubmit, fillForm } from '@/test/form';
import { expectNoResults, openListDialog, renderList, retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { findLoadingTable, holdEmptyPage, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Currencies');

function rowOf(code: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) =>
    within(r)
      .queryAllByRole('cell')
      .some((cell) => cell.textContent === code),
  );
  if (!row) throw new Error(`no row for ${code}`);
  return row;
}

/** Waits for a request to `currencies` (any method) and returns its JSON body. */
function captureBodies(method: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.includes('/currencies'))
      bodies.push(await request.clone().json());
  });
  return bodies;
}

/** Adds a currency from the list's Add form: its name, name code, symbol, places and multiple; saves. */
async function saveNewCurrency(name: string, code: string, symbol: string, places: string, multiple: string) {
  const { user, dialog } = await openListDialog('/currency', 'Currencies', 'Add Currency');
  await fillAndSubmit(user, dialog, {
    'Currency Name': name,
    'Name Code': code,
    'Display Symbol': symbol,
    'Decimal Places': places,
    'In Multiples Of': multiple,
  });
}

/** Deletes the currency `code` from its row on the list, confirming in the dialog. */
async function deleteCurrency(code: string) {
  const { user } = renderApp('/currency');
  await bodyRows();
  await user.click(within(rowOf(code)).getByRole('button', { name: `Delete ${code}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete currency' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('/currency', () => {
  it('lists currencies with the spec columns and Detail / Edit / Delete for the admin', async () => {
    const requests = captureRequests('/currencies');
    const { rows, columns } = await renderList('/currency', { heading: 'Currencies', table: 'Currencies' });
    expect(rows).toHaveLength(3);
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({ page: '1', limit: '10' });
    expect(columns).toEqual([
      'No.',
      'Currency Name',
      'Name Code',
      'Decimal Symbol',
      'Decimal Places',
      'Multiples Of',
      'Actions',
    ]);
    // Newest first: the euro was added last.
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 6).map((c) => c.textContent)).toEqual(['1', 'Euro', 'EUR', '€', '2', '0.01']);
    const etbCells = within(rowOf('ETB')).getAllByRole('cell');
    expect(etbCells.slice(0, 6).map((c) => c.textContent)).toEqual([
      '3',
      'Ethiopian Birr',
      'ETB',
      'Br',
      '2',
      '0.05',
    ]);
    const etb = within(rowOf('ETB'));
    expect(etb.getByRole('link', { name: 'Detail of ETB' })).toHaveAttribute(
      'href',
      `/currency/currency-detail/${currencyId(0)}`,
    );
    expect(etb.getByRole('button', { name: 'Edit ETB' })).toBeInTheDocument();
    expect(etb.getByRole('button', { name: 'Delete ETB' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Currency' })).toBeInTheDocument();
  });

  it('shows no Add, Edit or Delete to the read-only support user, only Detail', async () => {
    renderApp('/currency', { user: 'support' });
    await bodyRows();
    expect(within(rowOf('ETB')).getByRole('link', { name: 'Detail of ETB' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Currency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('gates each action on its own permission', async () => {
    renderApp('/currency', {
      permissions: toPermissionMap([PERMISSIONS.viewCurrency, PERMISSIONS.deleteCurrency]),
    });
    await bodyRows();
    const first = within(rowOf('ETB'));
    expect(first.getByRole('button', { name: 'Delete ETB' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Edit ETB' })).not.toBeInTheDocument();
    // Detail opens the charges, which need view-charge.
    expect(first.queryByRole('link', { name: 'Detail of ETB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Currency' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and a failed load with Retry', async () => {
    db.currencies = [];
    const first = renderApp('/currency');
    expect(await screen.findByText('There are no Currencies')).toBeInTheDocument();
    first.unmount();

    server.use(http.get(`${API}/currencies`, () => failure(500, 'Internal server error'), { once: true }));
    db.currencies = [];
    await retryAfterFailure('/currency');
    expect(await screen.findByText('There are no Currencies')).toBeInTheDocument();
  });

  it('a search that finds nothing shows the table with No results found, not the empty state', async () => {
    const requests = captureRequests('/currencies');
    await expectNoResults('/currency', 'Currencies', 'There are no Currencies');
    expect(requests.at(-1)?.searchParams.get('search_term')).toBe('nothing-like-this');
  });

  it('shows the skeleton while loading', async () => {
    const release = holdEmptyPage('/currencies');
    renderApp('/currency');
    expect(await findLoadingTable()).toBeInTheDocument();
    release();
    expect(await screen.findByText('There are no Currencies')).toBeInTheDocument();
  });

  it('pages and searches through the URL and the request', async () => {
    // Twelve currencies: a second page of two.
    db.currencies = [...db.currencies, ...moreCurrencies(9)];
    const requests = captureRequests('/currencies');
    const { user, router } = renderApp('/currency');
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2));
    await user.type(screen.getByPlaceholderText('Search currencies by name or code'), 'dollar{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'dollar' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('search_term')).toBe('dollar'));
    await waitFor(() => expect(screen.getByText('US Dollar')).toBeInTheDocument());
    expect(await bodyRows()).toHaveLength(1);
  });

  it('shows each §5 message when its rule is broken, and sends nothing', async () => {
    const bodies = captureBodies('POST');
    const { user, dialog } = await openListDialog('/currency', 'Currencies', 'Add Currency');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      VALIDATION.currency.name,
      VALIDATION.currency.decimalPlaces,
      VALIDATION.currency.inMultiplesOf,
      VALIDATION.currency.displaySymbol,
      VALIDATION.currency.nameCode,
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    // Negative numbers break the same min-0 rules.
    await fillForm(user, dialog, {
      'Decimal Places': '-1',
      'In Multiples Of': '-5',
      'Currency Name': 'Naira',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(VALIDATION.currency.decimalPlaces)).toBeInTheDocument();
    expect(within(dialog).getByText(VALIDATION.currency.inMultiplesOf)).toBeInTheDocument();
    expect(within(dialog).queryByText(VALIDATION.currency.name)).not.toBeInTheDocument();
    // More places than amounts are stored with: the contract's own message, not a silent clamp.
    const places = within(dialog).getByRole('textbox', { name: 'Decimal Places' });
    await user.clear(places);
    await user.type(places, '7');
    await user.tab();
    expect(places).toHaveValue('7');
    expect(await within(dialog).findByText(VALIDATION.currency.decimalPlacesMax)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('adds a currency: toast, the list shows it without a reload, in_multiples_of sent as a decimal', async () => {
    const bodies = captureBodies('POST');
    await saveNewCurrency('Nigerian Naira', 'ngn', '₦', '2', '0.5');
    expect(await screen.findByText(SUCCESS.currencyAdded)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Currency' })).not.toBeInTheDocument(),
    );
    expect(bodies[0]).toEqual({
      name: 'Nigerian Naira',
      decimal_places: 2,
      in_multiples_of: '0.5',
      display_symbol: '₦',
      name_code: 'NGN',
    });
    // Newest first: the new currency heads the list.
    await waitFor(async () =>
      expect(within((await bodyRows())[0] as HTMLElement).getAllByRole('cell')[1]?.textContent).toBe(
        'Nigerian Naira',
      ),
    );
  });

  it('shows the server’s message when it refuses (a taken name code) and keeps the form open', async () => {
    await saveNewCurrency('Birr again', 'ETB', 'Br', '2', '1');
    expect(await screen.findByText(CATALOG_ERRORS.currencyCodeTaken('ETB'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Currency' })).toBeInTheDocument();
  });

  it('edits a currency from its current values: toast and the row updates', async () => {
    const { user } = renderApp('/currency');
    await bodyRows();
    await user.click(within(rowOf('USD')).getByRole('button', { name: 'Edit USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Currency' });
    const name = within(dialog).getByRole('textbox', { name: 'Currency Name' });
    expect(name).toHaveValue('US Dollar');
    expect(within(dialog).getByRole('textbox', { name: 'In Multiples Of' })).toHaveValue('0.01');
    await user.clear(name);
    await user.type(name, 'United States Dollar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SUCCESS.currencyUpdated)).toBeInTheDocument();
    expect(await screen.findByText('United States Dollar')).toBeInTheDocument();
    expect(db.currencies.find((c) => c.name_code === 'USD')?.name).toBe('United States Dollar');
  });

  it('deletes an unused currency after confirmation', async () => {
    await deleteCurrency('EUR');
    expect(await screen.findByText(SUCCESS.currencyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Euro')).not.toBeInTheDocument());
    expect(db.currencies.some((c) => c.name_code === 'EUR')).toBe(false);
  });

  it('a refused delete (409, in use) shows the server’s reason and keeps the row', async () => {
    await deleteCurrency('ETB');
    const methods = db.paymentMethods.filter((m) => m.supported_currencies.includes('ETB')).length;
    const transactions = allTransactions(db.merchants).filter(
      (t) => t.transaction_method.currency.name_code === 'ETB',
    ).length;
    const reason = CATALOG_ERRORS.currencyInUse('ETB', [
      '5 charges',
      `${methods} payment methods`,
      `${transactions} transactions`,
    ]);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS.currencyDeleted)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete currency' })).not.toBeInTheDocument(),
    );
    expect(rowOf('ETB')).toBeInTheDocument();
  });
});
