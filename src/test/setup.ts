import '@testing-library/jest-dom/vitest';
import { resetDb } from '@mocks/db';
import { server } from '@mocks/node';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

// findBy and waitFor wait up to 5 s, not Testing Library's 1 s: a whole console renders per test, and
// on a loaded 2-core machine its first paint alone can pass a second. What they wait for is unchanged.
configure({ asyncUtilTimeout: 5_000 });

// A request no handler answers is a test bug, never a silent network call.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup. Unmount first
  // so no query is still fetching while the store and the handlers are reset.
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  resetDb();
  localStorage.clear();
});

afterAll(() => server.close());
