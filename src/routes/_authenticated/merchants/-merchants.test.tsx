import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearKeptImages, keptImages } from '@/lib/preload-images';
import { renderList } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Merchants');

function lastRequest(requests: URL[]) {
  const url = requests.at(-1);
  if (!url) throw new Error('no request recorded');
  return url.searchParams;
}

describe('/merchants', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the first page with the spec columns, newest first', async () => {
    const { rows, columns } = await renderList('/merchants', { heading: 'Merchants', table: 'Merchants' });
    expect(rows).toHaveLength(10);
    expect(columns).toEqual([
      'No.',
      'Logo',
      'Business name',
      'Merchant Code',
      'Phone number',
      'Website',
      'Industry',
      'Status',
    ]);
    const first = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(first.map((c) => c.textContent)).toEqual([
      '1',
      '',
      'Abyssinia Coffee Exporters',
      'MER-1001',
      '+251911000000',
      'www.abyssinia-coffee-exporters.et',
      'Agriculture',
      'Active',
    ]);
    // A merchant without a logo shows the first two letters of its name.
    expect(within(rows[2] as HTMLElement).getByText('EN')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Pending Verification')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 35 results')).toBeInTheDocument();
  });

  it('opens the website in a new tab without leaving the list', async () => {
    const { router, user } = renderApp('/merchants', { user: 'admin' });
    const rows = await bodyRows();
    const link = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'www.abyssinia-coffee-exporters.et',
    });
    expect(link).toHaveAttribute('href', 'https://www.abyssinia-coffee-exporters.et');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(router.state.location.pathname).toBe('/merchants');
  });

  it('filters: writes filter to the URL, keeps the search and sends the spec status', async () => {
    const requests = captureRequests('/api/v1/merchants');
    const { router, user } = renderApp('/merchants?search=a&page=2', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('radio', { name: 'Pending Verification' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ filter: 'pending-verification' }),
    );
    expect(router.state.location.search).toMatchObject({ search: 'a' });
    expect(router.state.location.search).not.toHaveProperty('page');
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({
        page: '1',
        limit: '10',
        search_term: 'a',
        status: 'PENDING_VERIFICATION',
      }),
    );
    await waitFor(async () => {
      for (const row of await bodyRows()) expect(row).toHaveTextContent('Pending Verification');
    });

    // Verified sends ACTIVE; All sends no status at all.
    await user.click(screen.getByRole('radio', { name: 'Verified' }));
    await waitFor(() => expect(lastRequest(requests).get('status')).toBe('ACTIVE'));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('filter'));
    // All's first page was prefetched on arrival (the page before page 2), so it is shown from the
    // cache: the request it came from had no status.
    expect(sent(requests)).toContainEqual({ page: '1', limit: '10', search_term: 'a' });
  });

  it('a page is a history entry but a filter replaces it (spec §2): Back returns to the page before', async () => {
    const { router, user } = renderApp('/merchants', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'inactive' }));
    // The filter replaced page 2's entry: Back goes to page 1, not to page 2.
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/merchants');
  });

  it('searches on Enter, sends search_term, and clearing the box removes it', async () => {
    const requests = captureRequests('/api/v1/merchants');
    const { router, user } = renderApp('/merchants?page=3', { user: 'admin' });
    await bodyRows();
    const box = screen.getByPlaceholderText('Search merchants');
    await user.type(box, 'zemen{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'zemen' }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({ page: '1', limit: '10', search_term: 'zemen' }),
    );
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(screen.getByRole('cell', { name: 'Zemen Foods' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(10));
    expect(lastRequest(requests).has('search_term')).toBe(false);
  });

  it('pages: writes page, continues row numbers, and resets to page 1 on a new page size', async () => {
    const requests = captureRequests('/api/v1/merchants');
    const { router, user } = renderApp('/merchants', { user: 'admin' });
    await bodyRows();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await screen.findByText('Showing 11 to 20 of 35 results');
    expect(within((await bodyRows())[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('11');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByText('Showing 31 to 35 of 35 results');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    await waitFor(() => expect(router.state.location.search).toEqual({ limit: 20 }));
    await screen.findByText('Showing 1 to 20 of 35 results');
    expect(sent(requests)).toContainEqual({ page: '1', limit: '20' });
  });

  it('asks for the page shown and prefetches the next one, once each', async () => {
    const requests = captureRequests('/api/v1/merchants');
    renderApp('/merchants', { user: 'admin' });
    await bodyRows();
    await waitFor(() => expect(sent(requests)).toHaveLength(2));
    expect(sent(requests)).toEqual([
      { page: '1', limit: '10' },
      { page: '2', limit: '10' },
    ]);
  });

  it("loads the prefetched next page's logos with its data, so they paint with its rows (decision 061)", async () => {
    clearKeptImages();
    // The browser finishes loading what was preloaded (happy-dom loads no image): the next page's
    // logos are then drawn with its rows, where a logo not preloaded waits a frame (CellAvatar).
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(36);
    const { user } = renderApp('/merchants', { user: 'admin' });
    await bodyRows();
    await waitFor(() => expect(keptImages().length).toBeGreaterThan(0));
    const warmed = keptImages();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 11 to 20 of 35 results');
    const table = screen.getByRole('table', { name: 'Merchants' });
    const shown = Array.from(table.querySelectorAll('tbody img'), (image) => image.getAttribute('src'));
    // Every logo page 2 shows (a merchant without one shows initials), and only those.
    expect(shown.length).toBeGreaterThan(0);
    expect(warmed).toEqual(shown);
  });

  it('keeps the previous page on screen, dimmed, while the next one loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds page 3 back, then falls through to the normal handler.
    server.use(
      http.get(`${API}/merchants`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '3') await gate;
      }),
    );
    const { user } = renderApp('/merchants?page=2', { user: 'admin' });
    await screen.findByText('Showing 11 to 20 of 35 results');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const table = screen.getByRole('table', { name: 'Merchants' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(within(table).getByText('MER-1011')).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 20 of 35 results')).toBeInTheDocument();
    release();
    await screen.findByText('Showing 21 to 30 of 35 results');
    expect(within(table).getByText('MER-1021')).toBeInTheDocument();
    expect(table).not.toHaveAttribute('aria-busy');
  });

  it('a page past the end moves to the last page', async () => {
    const { router } = renderApp('/merchants?page=9', { user: 'admin' });
    await screen.findByText('Showing 31 to 35 of 35 results');
    expect(router.state.location.search).toEqual({ page: 4 });
    expect(await bodyRows()).toHaveLength(5);
  });

  it('a URL that spells out the defaults works too', async () => {
    renderApp('/merchants?page=1&limit=10&filter=all', { user: 'admin' });
    expect(await bodyRows()).toHaveLength(10);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('a bad ?page=abc&limit=7 still shows page 1 with 10 rows', async () => {
    const requests = captureRequests('/api/v1/merchants');
    renderApp('/merchants?page=abc&limit=7&filter=bogus', { user: 'admin' });
    expect(await bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 35 results')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(sent(requests)[0]).toEqual({ page: '1', limit: '10' });
  });

  it("shows 'There are no Merchants' when none exist", async () => {
    db.merchants = [];
    renderApp('/merchants', { user: 'admin' });
    expect(await screen.findByText('There are no Merchants')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Merchants' })).not.toBeInTheDocument();
  });

  it("shows 'No results found' when a search matches nothing", async () => {
    renderApp('/merchants?search=nothing-like-this', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Merchants' });
    expect(within(table).getByRole('cell', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.queryByText('There are no Merchants')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load resources' on a 500, and Retry loads the list", async () => {
    server.use(http.get(`${API}/merchants`, () => failure(500, 'Internal server error'), { once: true }));
    const { user } = renderApp('/merchants', { user: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load resources');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await bodyRows()).toHaveLength(10);
    expect(screen.queryByText('Failed to load resources')).not.toBeInTheDocument();
  });

  it('opens a merchant by clicking its row, or with Enter', async () => {
    const { router, user } = renderApp('/merchants', { user: 'admin' });
    const rows = await bodyRows();
    await user.click(within(rows[1] as HTMLElement).getByText('MER-1002'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/merchant-details/${db.merchants[1]?.id}`),
    );

    await router.navigate({ to: '/merchants' });
    const again = await bodyRows();
    (again[2] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/merchant-details/${db.merchants[2]?.id}`),
    );
  });
});
