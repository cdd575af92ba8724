import { mockId } from '@mocks/data/merchants';
import { db } from '@mocks/db';
import { captureRequests } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

/** Records the anchors the download clicks, instead of letting happy-dom navigate to them. */
function captureDownloads() {
  const clicked: { download: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
  return clicked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/merchant-details/{id}: document downloads', () => {
  it('downloads a compliance document with the bearer token, under its own name', async () => {
    const requests = captureRequests('/moa-2.pdf');
    const clicked = captureDownloads();
    const { user } = renderApp(`/merchant-details/${mockId(1, 1)}?tab=compliance`, { user: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Download moa-2.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('moa-2.pdf');
    expect(clicked[0]?.href).toMatch(/^blob:/);
    // The mock answers 401 without the bearer token, so a saved file means it was sent.
    expect(requests[0]?.pathname).toBe('/api/v1/files/documents/abyssinia-coffee-exporters/moa-2.pdf');
    expect(screen.queryByText('Failed to download file. Please try again.')).not.toBeInTheDocument();
  });

  it('downloads the contact’s ID document', async () => {
    const clicked = captureDownloads();
    const { user } = renderApp(`/merchant-details/${mockId(1, 2)}?tab=contact`, { user: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Download id.pdf' }));
    await waitFor(() => expect(clicked.map((c) => c.download)).toEqual(['id.pdf']));
  });

  it('shows the spec message when the file cannot be fetched', async () => {
    db.merchants = db.merchants.map((m, i) =>
      i === 0 && m.compliance
        ? { ...m, compliance: { ...m.compliance, tin_certification: '/documents/gone/tin' } }
        : m,
    );
    const clicked = captureDownloads();
    const { user } = renderApp(`/merchant-details/${mockId(1, 1)}?tab=compliance`, { user: 'admin' });
    const field = (await screen.findByText('TIN Certification', { selector: 'dt' })).nextElementSibling;
    await user.click(within(field as HTMLElement).getByRole('button', { name: 'Download tin' }));
    expect(await screen.findByText('Failed to download file. Please try again.')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });
});
