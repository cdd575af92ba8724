import { DEMO_USERS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ACCOUNT_FIELDS, retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';

const UNKNOWN = '00000000-0000-4000-8000-999999999999';

function account(code: string) {
  const found = db.gatewayAccounts.find((a) => a.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

/** The description list's label -> value pairs. */
function fields() {
  const terms = screen.getAllByRole('term');
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
}

describe('/gateway-account-detail/$id', () => {
  it('shows the six fields with a breadcrumb back to the list', async () => {
    const cbe = account('GW-CBE-01');
    const { user, router } = renderApp(`/gateway-account-detail/${cbe.id}`, { user: 'support' });
    expect(await screen.findByRole('heading', { name: 'GW-CBE-01' })).toBeInTheDocument();
    const shown = fields();
    expect(Object.keys(shown)).toEqual(GATEWAY_ACCOUNT_FIELDS);
    expect(shown['Payment Method']).toContain('Commercial Bank of Ethiopia');
    expect(shown).toMatchObject({
      Code: 'GW-CBE-01',
      'Account Number': cbe.account_number,
      'Total Balance': '1,379,730.70',
      'Routing Code': 'CBETETAA',
      Status: 'Active',
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(crumbs).getByRole('link', { name: 'Gateway Accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateway-accounts'));
  });

  it('labels a wallet’s number Phone Number, and an inactive account Inactive', async () => {
    const wallet = db.gatewayAccounts.find((a) => a.payment_method.type === 'WALLET');
    if (!wallet) throw new Error('no wallet account');
    db.gatewayAccounts = db.gatewayAccounts.map((a) =>
      a.id === wallet.id ? { ...a, status: 'INACTIVE' } : a,
    );
    renderApp(`/gateway-account-detail/${wallet.id}`);
    await screen.findByRole('heading', { name: wallet.code });
    expect(fields()).toMatchObject({ 'Phone Number': wallet.account_number, Status: 'Inactive' });
  });

  it('says so for an unknown account', async () => {
    renderApp(`/gateway-account-detail/${UNKNOWN}`);
    expect(await screen.findByText('This gateway account does not exist.')).toBeInTheDocument();
  });

  it('offers Retry when the load fails', async () => {
    server.use(
      http.get(`${API}/gateway-accounts/:id`, () => failure(500, 'Internal server error'), { once: true }),
    );
    await retryAfterFailure(`/gateway-account-detail/${account('GW-CBE-01').id}`);
    expect(await screen.findByRole('heading', { name: 'GW-CBE-01' })).toBeInTheDocument();
  });

  it('deactivates after confirmation with the spec’s isActive body; the status changes without a reload', async () => {
    let sent: { url: string; body: unknown } | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') sent = { url: request.url, body: await request.clone().json() };
    });
    const { user } = renderApp(`/gateway-account-detail/${account('GW-CBE-01').id}`);
    await screen.findByRole('heading', { name: 'GW-CBE-01' });
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate gateway account' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Successfully Deactivated')).toBeInTheDocument();
    expect(new URL(sent?.url ?? 'http://x').searchParams.get('command')).toBe('deactivate');
    expect(sent?.body).toEqual({ isActive: false });
    await waitFor(() => expect(fields().Status).toBe('Inactive'));
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('a 409 shows the server’s message and refetches the account', async () => {
    const cbe = account('GW-CBE-01');
    const requests = captureRequests(`/gateway-accounts/${cbe.id}`);
    const { user } = renderApp(`/gateway-account-detail/${cbe.id}`);
    await screen.findByRole('heading', { name: 'GW-CBE-01' });
    db.gatewayAccounts = db.gatewayAccounts.map((a) => (a.id === cbe.id ? { ...a, status: 'INACTIVE' } : a));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate gateway account' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Gateway account is already INACTIVE')).toBeInTheDocument();
    await waitFor(() => expect(fields().Status).toBe('Inactive'));
    expect(requests.filter((url) => url.search === '').length).toBeGreaterThan(1);
  });

  it('edits from the detail page: toast, and the fields change without a reload', async () => {
    const { user } = renderApp(`/gateway-account-detail/${account('GW-CBE-01').id}`);
    await screen.findByRole('heading', { name: 'GW-CBE-01' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gateway Account' });
    const routing = within(dialog).getByRole('textbox', { name: 'Routing Code' });
    await user.clear(routing);
    await user.type(routing, 'CBE-NEW');
    const before = account('GW-CBE-01').routing_code;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account successfully updated')).toBeInTheDocument();
    await waitFor(() => expect(fields()['Routing Code']).toBe('CBE-NEW'));
    // Ours: the history below names the editor and the one field that changed.
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(history).toHaveTextContent(`Edited by ${DEMO_USERS.admin.name}`));
    const lines = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'UL');
    expect(lines.map((line) => line.textContent)).toEqual([`Routing Code: ${before} → changed to CBE-NEW`]);
  });

  it('support sees no Edit, Activate or Deactivate', async () => {
    renderApp(`/gateway-account-detail/${account('GW-CBE-01').id}`, { user: 'support' });
    await screen.findByRole('heading', { name: 'GW-CBE-01' });
    for (const name of ['Edit', 'Activate', 'Deactivate']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
