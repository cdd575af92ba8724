import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server for tests (started in src/test/setup.ts). */
export const server = setupServer(...handlers);

/**
 * Records the URL of every request whose path ends with `pathSuffix` (e.g. '/api/v1/merchants'),
 * so a test can assert the query string the console sent, as the handler received it. The
 * listener lives until the end of the test (src/test/setup.ts removes all listeners).
 */
export function captureRequests(pathSuffix: string): URL[] {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith(pathSuffix)) urls.push(url);
  });
  return urls;
}
