/**
 * The conformance cases against the MSW mocks the console's tests use (mocks/handlers), answering
 * `fetch` in node through msw/node, on the mock store reset per resource; the mocks' unsigned
 * tokens (mocks/data/users.ts).
 */
import { toPermissionMap } from '@contract/permissions';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_USERS, sessionFor } from '../../../mocks/data/users';
import { resetDb } from '../../../mocks/db';
import { handlers } from '../../../mocks/handlers';
import { ALL_CASES } from './cases';
import { describeConformance, type Side } from './run';

const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

const tokens = new Map<string, string>();

const mocks: Side = {
  name: 'mocks',
  fresh: async () => {
    resetDb();
    tokens.clear();
  },
  demoToken: async (role) => {
    const token = tokens.get(role) ?? sessionFor(DEMO_USERS[role]).access_token;
    tokens.set(role, token);
    return token;
  },
  tokenWith: async (permissions) =>
    sessionFor(DEMO_USERS.admin, { permissions: toPermissionMap(permissions) }).access_token,
  fetch: (url, init) => fetch(url, init),
};

describeConformance(mocks, ALL_CASES);
