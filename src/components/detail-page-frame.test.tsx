import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

const UNKNOWN = '00000000-0000-4000-8000-999999999999';

/** Every detail page framed by DetailPageFrame: its route, the list it leads back to, its missing text. */
const PAGES = [
  { path: '/approvals', list: 'Approvals', missing: 'This approval request does not exist.' },
  { path: '/disputes', list: 'Chargebacks', missing: 'This chargeback does not exist.' },
  { path: '/user-detail', list: 'Users', missing: 'This person does not exist.' },
  {
    path: '/gateway-account-detail',
    list: 'Gateway Accounts',
    missing: 'This gateway account does not exist.',
  },
] as const;

describe('DetailPageFrame', () => {
  it.each(PAGES)('$path/<unknown> says so, with the breadcrumb back to $list and no Retry', async (page) => {
    renderApp(`${page.path}/${UNKNOWN}`);
    expect(await screen.findByText(page.missing)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const back = within(crumbs).getByRole('link');
    expect(back).toHaveTextContent(page.list);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
