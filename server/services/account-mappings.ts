/**
 * Account mappings as staff add them (decision 045): with the account mapping approval rule on,
 * the staging list becomes a pending request (decision 039); otherwise it is stored at once, all or
 * none (server/db/queries/account-mappings.ts, which an approved request's carry-out calls directly).
 */
import type { AccountMappingItemPayload } from '@contract/account-mapping';
import type { Database } from '../db/connect';
import { type CreateMappingsResult, createAccountMappings } from '../db/queries/account-mappings';
import {
  accountMappingCreateRequest,
  type Gated,
  type RequestContext,
  requesterOf,
  throughGate,
} from './approval-gates';

export function submitAccountMappings(
  db: Database,
  items: readonly AccountMappingItemPayload[],
  context: RequestContext,
): Promise<Gated<CreateMappingsResult>> {
  return throughGate(
    () => accountMappingCreateRequest(db, items, context),
    () => createAccountMappings(db, items, context.now, requesterOf(context)),
  );
}
