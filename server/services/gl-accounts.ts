/**
 * GL account changes as staff ask for them (decision 045): with the GL account approval rule on,
 * a create or an update becomes a pending request (decision 039); otherwise the write happens at
 * once (server/db/queries/gl-accounts.ts, which an approved request's carry-out calls directly).
 */
import type { GlAccountPayload } from '@contract/gl-account';
import type { Database } from '../db/connect';
import { createGlAccount, type GlAccountWrite, updateGlAccount } from '../db/queries/gl-accounts';
import {
  type Gated,
  glAccountCreateRequest,
  glAccountUpdateRequest,
  type RequestContext,
  requesterOf,
  throughGate,
} from './approval-gates';

export function submitGlAccountCreate(
  db: Database,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<Gated<GlAccountWrite>> {
  return throughGate(
    () => glAccountCreateRequest(db, payload, context),
    () => createGlAccount(db, payload, context.now, requesterOf(context)),
  );
}

/** 404 for an unknown account when the rule is on (the gate reads it for the request's before). */
export function submitGlAccountUpdate(
  db: Database,
  id: string,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<Gated<GlAccountWrite>> {
  return throughGate(
    () => glAccountUpdateRequest(db, id, payload, context),
    () => updateGlAccount(db, id, payload, context.now, requesterOf(context)),
  );
}
