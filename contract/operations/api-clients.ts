/** API clients (ours, issue 22; docs/api.md "API clients"): the platform's machine credentials. */
import {
  apiClientCreatePayloadSchema,
  apiClientListQuerySchema,
  apiClientSchema,
  apiClientWithKeySchema,
} from '../api-client';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { resourceOperations } from './resource';

const TAG = 'API clients';
const clients = resourceOperations('/api-clients', TAG, apiClientSchema, {
  one: 'an API client',
  many: 'API clients',
});

export const apiClientOperations = {
  list: clients.list({
    description:
      '`search_term`: case-insensitive *contains* over the name; `status`: ACTIVE or REVOKED. Newest first. ' +
      'Never answers a key: only its public `key_prefix`.',
    permission: PERMISSIONS.viewApiClient,
    query: apiClientListQuerySchema,
  }),
  create: clients.create(
    {
      description:
        'A name and at least one scope (`payments:write`, `payouts:write`, `disputes:write`). Answers the ' +
        'client and its `api_key`, shown once: the server keeps only a hash of its secret.',
      permission: PERMISSIONS.manageApiClient,
      body: { schema: apiClientCreatePayloadSchema },
    },
    apiClientWithKeySchema,
  ),
  revoke: defineOperation({
    method: 'post',
    path: '/api-clients/{id}/revoke',
    tag: TAG,
    summary: 'Revoke an API client',
    description:
      'Its key is refused (401) from the next call on, on every server process. The client stays listed, ' +
      'REVOKED, with who revoked it; payments it reported keep naming it. There is no undo: create a new client.',
    permission: PERMISSIONS.manageApiClient,
    response: { data: apiClientSchema },
    errors: { 409: 'The client is already revoked.' },
  }),
};
