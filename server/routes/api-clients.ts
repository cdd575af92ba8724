/**
 * API clients (issue 22): list, create (the key answered once) and revoke. Access, paths and
 * validation are the declarations' (contract/operations/api-clients.ts).
 */
import { API_CLIENT_ERRORS } from '@contract/api-client';
import { API_ERRORS } from '@contract/messages';
import { apiClientOperations } from '@contract/operations/api-clients';
import { actorOf } from '../auth/actor';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { createApiClient, listApiClients, revokeApiClient } from '../services/api-clients';
import { auditOrigin } from '../services/audit-log';
import { pageOf } from './catalogue';

export function apiClientRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  return [
    handle(apiClientOperations.list, ({ query }) => pageOf(listApiClients(db, query), query)),
    handle(apiClientOperations.create, ({ c, body, claims }) =>
      createApiClient(db, body, actorOf(claims), auditOrigin(c, claims, clock())),
    ),
    handle(apiClientOperations.revoke, async ({ c, params, claims }) => {
      const result = await revokeApiClient(db, params.id, actorOf(claims), auditOrigin(c, claims, clock()));
      if (result.ok) return result.client;
      if (result.reason === 'not-found') throw new ApiError(404, API_ERRORS.notFound('API client'));
      throw new ApiError(409, API_CLIENT_ERRORS.alreadyRevoked);
    }),
  ];
}
