/**
 * GL accounts (spec §2 GL accounts screen, §7 calls): list, detail, create and update. Each route
 * names its spec §6 permission next to its definition. No status change is exposed (spec §4).
 */
import { type pagedSchema, totalPages } from '@contract/envelope';
import { glAccountListQuerySchema, glAccountPayloadSchema, type glAccountSchema } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
import {
  createGlAccount,
  findGlAccount,
  type GlAccountWrite,
  listGlAccounts,
  updateGlAccount,
} from '../db/queries/gl-accounts';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseJsonBody, parseOr400 } from '../http/validate';

type GlAccount = v.InferOutput<typeof glAccountSchema>;
type GlAccountList = v.InferOutput<ReturnType<typeof pagedSchema<typeof glAccountSchema>>>;

/**
 * The spec's client sends the record's `id` in the PUT body. An id that names another account is a
 * client bug that would update the wrong record if we trusted either one, so it is refused; an
 * absent or empty id is accepted (the path decides).
 */
function requireMatchingId(body: unknown, pathId: string): void {
  if (!body || typeof body !== 'object' || !('id' in body)) return; // the payload schema judges the rest
  const { id } = body;
  if (id === null || id === undefined || (typeof id === 'string' && id.trim() === '')) return;
  if (typeof id !== 'string' || id.trim().toLowerCase() !== pathId.toLowerCase())
    throw new ApiError(400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`);
}

function accountOrRefusal(result: GlAccountWrite, name: string): GlAccount {
  if (result.ok) return result.account;
  switch (result.reason) {
    case 'not-found':
      throw new ApiError(404, API_ERRORS.notFound('Gl account'));
    case 'name-taken':
      throw new ApiError(409, LEDGER_ERRORS.glAccountNameTaken(name));
    case 'type-locked':
      throw new ApiError(409, LEDGER_ERRORS.glAccountTypeLocked);
  }
}

export function glAccountRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  // Read-only, so also for holders of create-account-mapping: the mapping modal's GL account dropdown
  // loads this list (spec §7; docs/spec-deviations.md).
  app.get(
    '/',
    requireAnyPermission(PERMISSIONS.viewGlAccount, PERMISSIONS.createAccountMapping),
    async (c) => {
      const query = parseOr400(glAccountListQuerySchema, c.req.query());
      const { contents, total } = await listGlAccounts(db, query);
      return ok<GlAccountList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
    },
  );

  // Spec §7 sends this call without a token; we require it like every other (DESIGN.md §6.2).
  app.get('/:id', requirePermission(PERMISSIONS.viewGlAccount), async (c) => {
    const id = parseIdParam(c);
    const account = await findGlAccount(db, id);
    if (!account) throw new ApiError(404, API_ERRORS.notFound('Gl account'));
    return ok<GlAccount>(c, account);
  });

  app.post('/', requirePermission(PERMISSIONS.createGlAccount), async (c) => {
    const actor = actorOf(c.get('claims'));
    // The spec's `id` and `status` (sent empty) are dropped by the payload schema.
    const payload = await parseJsonBody(c, glAccountPayloadSchema);
    const result = await createGlAccount(db, payload, clock(), actor);
    return ok<GlAccount>(c, accountOrRefusal(result, payload.name), 201);
  });

  app.put('/:id', requirePermission(PERMISSIONS.updateGlAccount), async (c) => {
    const actor = actorOf(c.get('claims'));
    const id = parseIdParam(c);
    const body = await parseJsonBody(c, v.unknown());
    requireMatchingId(body, id);
    const payload = parseOr400(glAccountPayloadSchema, body);
    const result = await updateGlAccount(db, id, payload, clock(), actor);
    return ok<GlAccount>(c, accountOrRefusal(result, payload.name));
  });

  return app;
}
