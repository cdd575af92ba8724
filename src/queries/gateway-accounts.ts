import type { ActivationCommand } from '@contract/fields';
import {
  type GatewayAccountCreatePayload,
  type GatewayAccountUpdatePayload,
  gatewayAccountSchema,
} from '@contract/gateway-account';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { resource, type SearchListParams, searchList } from './resource';

export type GatewayAccountListParams = SearchListParams;

/** `gateway-accounts` and `gateway-accounts/{id}`: reads, create and update. */
const gatewayAccounts = resource({ base: 'gateway-accounts', schema: gatewayAccountSchema, ...searchList });

/** One factory for every gateway-account query. */
export const gatewayAccountQueries = gatewayAccounts.queries;

/** `POST gateway-accounts/{id}?command=` with the spec's `{ isActive }` body (spec §7). */
export function changeGatewayAccountStatus(id: string, command: ActivationCommand) {
  return fetchData(gatewayAccounts.path(id), gatewayAccountSchema, {
    method: 'POST',
    searchParams: { command },
    json: { isActive: command === 'activate' },
  });
}

export const useCreateGatewayAccount = () =>
  gatewayAccounts.useCreate<GatewayAccountCreatePayload>(SUCCESS.gatewayAccountAdded);

export const useUpdateGatewayAccount = () =>
  gatewayAccounts.useUpdate<GatewayAccountUpdatePayload>(SUCCESS.gatewayAccountUpdated);

/**
 * Activate or deactivate a gateway account (spec §4 names the calls; the screen is ours). A 409
 * (changed elsewhere) is toasted by fetchData and refetches the account.
 */
export const useGatewayAccountStatusMutation = () =>
  gatewayAccounts.useActivation(changeGatewayAccountStatus);
