/**
 * GL accounts (spec §2 GL accounts screen, §7 calls): list, detail, create and update. Access,
 * paths and validation are the declarations' (contract/operations/gl-accounts.ts); the list also
 * answers create-account-mapping holders, whose modal fills its GL account dropdown from it. No
 * status change is exposed (spec §4).
 */

import type { GlAccount } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { glAccountOperations } from '@contract/operations/gl-accounts';
import { findGlAccount, type GlAccountWrite, listGlAccounts } from '../db/queries/gl-accounts';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { AppContext, RouteDeps } from '../http/types';
import { requestAddress } from '../services/audit-log';
import { submitGlAccountCreate, submitGlAccountUpdate } from '../services/gl-accounts';
import { answerAccepted } from './approvals';
import { found, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Gl account');

/**
 * The spec's client sends the record's `id` in the PUT body, which the payload schema drops. An id
 * that names another account is a client bug that would update the wrong record if we trusted
 * either one, so it is refused; an absent or empty id is accepted (the path decides). Reads the
 * body as sent (Hono keeps it after the declared parse).
 */
async function requireMatchingId(c: AppContext, pathId: string): Promise<void> {
  const body: unknown = await c.req.json();
  if (!body || typeof body !== 'object' || !('id' in body)) return;
  const { id } = body;
  if (id === null || id === undefined || (typeof id === 'string' && id.trim() === '')) return;
  if (typeof id !== 'string' || id.trim().toLowerCase() !== pathId.toLowerCase())
    throw new ApiError(400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`);
}

function accountOrRefusal(result: GlAccountWrite, name: string): GlAccount {
  if (result.ok) return result.account;
  switch (result.reason) {
    case 'not-found':
      throw new ApiError(404, NOT_FOUND);
    case 'name-taken':
      throw new ApiError(409, LEDGER_ERRORS.glAccountNameTaken(name));
    case 'type-locked':
      throw new ApiError(409, LEDGER_ERRORS.glAccountTypeLocked);
  }
}

export function glAccountRoutes({ db, clock }: RouteDeps) {
  return [
    handle(glAccountOperations.list, ({ query }) => pageOf(listGlAccounts(db, query), query)),

    // Spec §7 sends this call without a token; we require it like every other (spec deviation 2).
    handle(glAccountOperations.detail, ({ params }) => found(findGlAccount(db, params.id), NOT_FOUND)),

    // The spec's `id` and `status` (sent empty) are dropped by the payload schema.
    handle(glAccountOperations.create, async ({ c, body: payload, claims }) => {
      const answer = await submitGlAccountCreate(db, payload, {
        claims,
        address: requestAddress(c),
        now: clock(),
      });
      return 'pending' in answer
        ? answerAccepted(c, answer.pending)
        : accountOrRefusal(answer.done, payload.name);
    }),

    handle(glAccountOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      await requireMatchingId(c, id);
      const answer = await submitGlAccountUpdate(db, id, payload, {
        claims,
        address: requestAddress(c),
        now: clock(),
      });
      return 'pending' in answer
        ? answerAccepted(c, answer.pending)
        : accountOrRefusal(answer.done, payload.name);
    }),
  ];
}
