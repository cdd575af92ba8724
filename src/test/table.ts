import { API } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';

/** The body rows (the header row excluded) of the table named `name`, once it shows. */
export async function tableRows(name: string, timeout?: number): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name }, timeout === undefined ? undefined : { timeout });
  return within(table).getAllByRole('row').slice(1);
}

/** A row's cell texts; throws for a missing row, so a test cannot pass on no rows. */
export function cellsOf(row: HTMLElement | undefined): (string | null)[] {
  if (!row) throw new Error('no such row');
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** The column headers' texts of the table named `name` (on screen now). */
export function columnHeaders(name: string): (string | null)[] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
}

/** The query strings a handler received, as plain objects, in order. */
export function sent(requests: URL[]): Record<string, string>[] {
  return requests.map((url) => Object.fromEntries(url.searchParams));
}

/**
 * Holds the next GET of `${API}${path}` until the returned release is called, then answers it
 * with an empty page: the list's loading state stays on screen until then.
 */
export function holdEmptyPage(path: string): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(
      `${API}${path}`,
      async () => {
        await gate;
        return HttpResponse.json({
          success: true,
          status: 200,
          data: { contents: [], total: 0, total_pages: 0 },
          errorMessage: null,
        });
      },
      { once: true },
    ),
  );
  return () => release();
}

/** The route's pending view: the skeleton table named 'Loading'. */
export function findLoadingTable(): Promise<HTMLElement> {
  // It shows once the router's pendingMs (1000 ms) has passed, as long as Testing Library's
  // default wait: give it room so a busy machine does not lose the race.
  return screen.findByRole('table', { name: 'Loading' }, { timeout: 3000 });
}
