import '@testing-library/jest-dom/vitest';
import { resetDb } from '@mocks/db';
import { server } from '@mocks/node';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

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
