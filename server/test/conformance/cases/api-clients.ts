/** API clients (issue 22): the admin's screen calls, on the server and the mocks alike. */
import {
  API_CLIENT_ERRORS,
  API_CLIENT_MESSAGES,
  apiClientSchema,
  apiClientWithKeySchema,
} from '@contract/api-client';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { apiClientOperations } from '@contract/operations/api-clients';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { listCases, malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, listing, made, ok, table } from './table';

const clients = listing(pagedSchema(apiClientSchema), 'name');
const checkout = { name: 'Checkout platform', scopes: ['payouts:write', 'payments:write'] };

const cases: ConformanceCase[] = [
  ...listCases(apiClientOperations.list, {
    refused: 'support',
    invalid: [[{ status: 'GONE' }, 'status: status must be one of ACTIVE, REVOKED']],
  }),
  ...table([
    ['admin GET api-clients', clients([], { total: 0 }), { name: 'none until an admin creates one' }],
  ]),
  ...refusalCases(apiClientOperations.create, { body: checkout, refused: 'finance' }),
  ...table([
    [
      'admin POST api-clients',
      fails(400, `name: ${API_CLIENT_MESSAGES.name}; scopes: ${API_CLIENT_MESSAGES.scopes}`),
      { body: {} },
    ],
    [
      'admin POST api-clients',
      fails(400, `scopes.0: ${API_CLIENT_MESSAGES.unknownScope}`),
      { body: { ...checkout, scopes: ['everything'] } },
    ],
    [
      'admin POST api-clients',
      made(
        apiClientWithKeySchema,
        {
          client: {
            name: 'Checkout platform',
            scopes: ['payments:write', 'payouts:write'],
            status: 'ACTIVE',
          },
        },
        (data) => {
          const { client, api_key } = data as { client: { key_prefix: string }; api_key: string };
          expect(api_key).toMatch(/^papi_[0-9a-f]{16}_[0-9a-f]{64}$/);
          expect(api_key.startsWith(`${client.key_prefix}_`)).toBe(true);
        },
      ),
      { body: checkout, name: 'scopes in the contract order; the key shown once' },
    ],
    ['admin GET api-clients?status=ACTIVE', clients(['Checkout platform'])],
    ['admin GET api-clients?status=REVOKED', clients([])],
    ['support GET api-clients', fails(403, API_ERRORS.forbidden)],
  ]),
  ...refusalCases(apiClientOperations.revoke, {
    at: 'api-clients/{api-client:Checkout platform}/revoke',
    refused: 'finance',
  }),
  ...malformedIdCases(apiClientOperations.revoke),
  ...unknownIdCases(apiClientOperations.revoke, { message: API_ERRORS.notFound('API client') }),
  ...table([
    [
      'admin POST api-clients/{api-client:Checkout platform}/revoke',
      ok(apiClientSchema, { status: 'REVOKED', revoked_by: { name: 'Abebe Kebede' } }),
    ],
    [
      'admin POST api-clients/{api-client:Checkout platform}/revoke',
      fails(409, API_CLIENT_ERRORS.alreadyRevoked),
    ],
    ['admin GET api-clients?status=REVOKED', clients(['Checkout platform'])],
  ]),
];

export const apiClientCases: ResourceCases = { resource: 'api-clients', cases };
