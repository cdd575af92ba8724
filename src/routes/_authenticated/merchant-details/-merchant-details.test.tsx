import { mockId } from '@mocks/data/merchants';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HTTP_ERRORS } from '@/lib/copy';
import { merchantQueries } from '@/queries/merchants';
import { renderApp } from '@/test/render-app';

/** The seed merchant at `index` (mocks/data/merchants.ts): its page's path. */
function detailPath(index: number, query = '') {
  return `/merchant-details/${mockId(1, index + 1)}${query}`;
}

/** A field's value, found by its label (the tabs are description lists). */
function field(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!value) throw new Error(`no value for ${label}`);
  return value as HTMLElement;
}

describe('/merchant-details/{id}: header and information tabs', () => {
  it('shows the header with initials when there is no logo, and opens Business Information', async () => {
    renderApp(detailPath(2), { user: 'admin' }); // Entoto Outdoor Gear: PENDING, no logo
    expect(await screen.findByRole('heading', { name: 'Entoto Outdoor Gear' })).toBeInTheDocument();
    expect(screen.getByText('EN')).toBeInTheDocument();
    expect(screen.getByText('MER-1003')).toBeInTheDocument();
    expect(screen.getByText('Pending').closest('[data-status]')).toHaveAttribute('data-status', 'PENDING');
    expect(screen.getByRole('tab', { name: 'Business Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(field('Business Name')).toHaveTextContent('Entoto Outdoor Gear');
    expect(field('Email')).toHaveTextContent('info@entoto-outdoor-gear.et');
    expect(field('Industry')).toHaveTextContent('Retail');
    expect(field('Industry Category')).toHaveTextContent('Sporting goods');
    expect(field('Address Two')).toHaveTextContent('---');
  });

  it('shows the business empty message, and the legal name and its initials, without business detail', async () => {
    renderApp(detailPath(33), { user: 'admin' });
    expect(await screen.findByText('There are no business information')).toBeInTheDocument();
    // Not '---' and the code's initials 'ME' (MER-1034): the compliance record's name, and why.
    expect(screen.getByRole('heading', { name: 'Nekemte Mobile PLC' })).toBeInTheDocument();
    expect(screen.getByText('NE')).toBeInTheDocument();
    expect(screen.getByText('No business details')).toBeInTheDocument();
  });

  it('shows the compliance and contact empty messages without them', async () => {
    const { user } = renderApp(detailPath(32, '?tab=compliance'), { user: 'admin' });
    expect(await screen.findByText('There are no compliance information')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Contact Information' }));
    expect(await screen.findByText('There are no contact information')).toBeInTheDocument();
  });

  it('opens the tab of the URL and writes the clicked tab into it', async () => {
    const { router, user } = renderApp(detailPath(0, '?tab=compliance'), { user: 'admin' });
    expect(await screen.findByRole('tab', { name: 'Compliance Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(field('Legal Business Name')).toHaveTextContent('Abyssinia Coffee Exporters PLC');
    expect(field('Company Type')).toHaveTextContent('Private Limited Company');
    expect(field('Trade License')).toHaveTextContent('---');
    expect(
      within(field('MOA'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['moa-1.pdf', 'moa-2.pdf']);
    expect(within(field('TIN Certification')).getByRole('button')).toHaveAccessibleName(
      'Download tin-certificate.pdf',
    );
    expect(field('Wereda')).toHaveTextContent('01');

    await user.click(screen.getByRole('tab', { name: 'Contact Information' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'contact' }));
    expect(field('Full Name')).toHaveTextContent('Abebe Bekele');
    expect(field('ID Type')).toHaveTextContent('National ID');
    expect(within(field('ID Document')).getByRole('button')).toHaveTextContent('id.pdf');

    await user.click(screen.getByRole('tab', { name: 'Business Information' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('falls back to Business Information for an unknown tab', async () => {
    renderApp(detailPath(0, '?tab=nope'), { user: 'admin' });
    expect(await screen.findByRole('tab', { name: 'Business Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

describe('/merchant-details/{id}: Banks Information', () => {
  it('is hidden without view-merchant-account, even from a link', async () => {
    renderApp(detailPath(0, '?tab=banks'), { user: 'support' });
    await screen.findByRole('heading', { name: 'Abyssinia Coffee Exporters' });
    expect(screen.queryByRole('tab', { name: 'Banks Information' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Business Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows the accounts as cards for admin, labelled by type', async () => {
    renderApp(detailPath(1, '?tab=banks'), { user: 'admin' }); // two accounts
    const bank = await screen.findByRole('article', { name: 'telebirr' });
    expect(within(bank).getByText('Wallet Name')).toBeInTheDocument();
    expect(within(bank).getByText('100000010')).toBeInTheDocument();
    expect(within(bank).getByText('TE')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Awash Bank' });
    expect(within(second).getByText('Bank Name')).toBeInTheDocument();
    expect(within(second).getByText('Rejected')).toBeInTheDocument();
  });

  it('shows the empty state when the merchant has no accounts', async () => {
    renderApp(detailPath(3, '?tab=banks'), { user: 'admin' });
    expect(await screen.findByText('There are no Banks Information')).toBeInTheDocument();
  });
});

describe('/merchant-details/{id}: status actions', () => {
  it.each([
    [1, 'PENDING_VERIFICATION', ['Activate', 'Deactivate']],
    [0, 'ACTIVE', ['Deactivate']],
    [4, 'INACTIVE', ['Activate']],
    [2, 'PENDING', []],
    [7, 'DELETED', []],
  ] as const)('merchant %i in %s offers %j', async (index, status, actions) => {
    expect(db.merchants[index]?.status).toBe(status);
    renderApp(detailPath(index), { user: 'admin' });
    await screen.findByRole('tab', { name: 'Business Information' });
    const shown = screen
      .queryAllByRole('button', { name: /^(Activate|Deactivate)$/ })
      .map((b) => b.textContent);
    expect(shown).toEqual(actions);
  });

  it('offers nothing to support', async () => {
    renderApp(detailPath(1), { user: 'support' });
    await screen.findByRole('tab', { name: 'Business Information' });
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate)$/ })).not.toBeInTheDocument();
  });

  it('approves a merchant awaiting verification after confirmation; the badge follows', async () => {
    const { user, queryClient } = renderApp(detailPath(1), { user: 'admin' });
    // A merchants list seen earlier: it must not keep showing the old status.
    const listKey = merchantQueries.list({ page: 1, limit: 10, filter: 'all' }).queryKey;
    queryClient.setQueryData(listKey, { contents: [], total: 0, total_pages: 0 });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate merchant' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Merchant activated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Active').closest('[data-status]')).toHaveAttribute('data-status', 'ACTIVE'),
    );
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('deactivates an active merchant, and Cancel sends nothing', async () => {
    const { user } = renderApp(detailPath(0), { user: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate merchant' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.merchants[0]?.status).toBe('ACTIVE');

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate merchant' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Merchant deactivated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Inactive').closest('[data-status]')).toHaveAttribute(
        'data-status',
        'INACTIVE',
      ),
    );
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    // Who did it, under the badge, from the refreshed detail.
    expect(
      await screen.findByText(/^Deactivated by Abebe Kebede, \d{1,2}:\d{2} [AP]M, /),
    ).toBeInTheDocument();

    // Ours: the History tab lists every status change; reactivating adds the newest.
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate merchant' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Merchant activated successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('region', { name: 'History' });
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          .filter((li) => li.parentElement?.tagName === 'OL'),
      ).toHaveLength(2),
    );
    const [newest, older] = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(newest).toHaveTextContent('Activated by Abebe Kebede');
    expect(newest).toHaveTextContent('Status: Inactive → changed to Active');
    expect(older).toHaveTextContent('Deactivated by Abebe Kebede');
    expect(older).toHaveTextContent('Status: Active → changed to Inactive');
  });

  it('names no change for a merchant nobody changed through the console', async () => {
    renderApp(detailPath(0), { user: 'admin' });
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByText(/^(Activated|Deactivated) by /)).not.toBeInTheDocument();
  });

  it("re-activates an inactive merchant with the ACTIVATE confirmation ('Approve', spec §2)", async () => {
    const { user } = renderApp(detailPath(4), { user: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate merchant' });
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Merchant activated successfully')).toBeInTheDocument();
  });

  it('on a 409 shows the server message and the status someone else set', async () => {
    const { user } = renderApp(detailPath(0), { user: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate merchant' });
    // Someone else deactivated it meanwhile.
    db.merchants = db.merchants.map((m, i) => (i === 0 ? { ...m, status: 'INACTIVE' } : m));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('A merchant in status INACTIVE cannot be deactivated'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Inactive')).toBeInTheDocument());
  });
});

describe('/merchant-details/{id}: a failed load', () => {
  it("shows 'Failed to load resources' with Retry and no toast (spec §8: merchant errors are silent)", async () => {
    server.use(http.get(`${API}/merchants/:id`, () => failure(500, 'Internal server error'), { once: true }));
    const { user } = renderApp(detailPath(0), { user: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load resources');
    expect(screen.queryByText(HTTP_ERRORS.server)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Business Information' })).toBeInTheDocument();
    expect(screen.queryByText(HTTP_ERRORS.server)).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown id', '/merchant-details/33333333-3333-4333-8333-333333333333'],
    ['a malformed id', '/merchant-details/not-an-id'],
  ])('%s says the merchant does not exist and leads back to Merchants, with no Retry', async (_, path) => {
    const { user, router } = renderApp(path, { user: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This merchant does not exist.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Merchants' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
  });
});
