/**
 * Gateway accounts (spec §7): list, detail, create, update and the activate/deactivate command.
 * Each route names its spec §6 permission. `total_balance` is never taken from a request: it starts
 * at 0 and only the ledger moves it. Writes are one transaction each.
 */

import { CHANGE_SPECS, COMMAND_ACTION, changeOf } from '@contract/change-history';
import { type pagedSchema, totalPages } from '@contract/envelope';
import { activationCommandQuerySchema } from '@contract/fields';
import {
  gatewayAccountCommandBodySchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountListQuerySchema,
  type gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requirePermission } from '../auth/middleware';
import { recordChange } from '../db/queries/change-history';
import {
  applyGatewayAccountCommand,
  findGatewayAccount,
  type GatewayAccountFields,
  gatewayAccountCodeTaken,
  gatewayAccountStatus,
  insertGatewayAccount,
  listGatewayAccounts,
  paymentMethodAccountLength,
  updateGatewayAccount,
} from '../db/queries/gateway-accounts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/sql';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { fieldError, parseIdParam, parseJsonBody, parseOr400 } from '../http/validate';

type GatewayAccountList = v.InferOutput<ReturnType<typeof pagedSchema<typeof gatewayAccountSchema>>>;

const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const unknownMethod = () =>
  fieldError('payment_method_id', CATALOG_ERRORS.unknownReference('payment method'));

/** Racing writes of one code pass the pre-check; the unique index decides. A vanished method is a 400. */
function writeErrors(code: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(code));
    if (isForeignKeyViolation(error)) throw unknownMethod();
    throw error;
  };
}

/** The command's body (`{ isActive }`, spec §7) is accepted and ignored, but must be well formed. */
async function readCommandBody(c: Context): Promise<void> {
  const text = await c.req.text();
  if (text.trim() === '') return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, API_ERRORS.bodyObject);
  }
  parseOr400(gatewayAccountCommandBodySchema, body);
}

export function gatewayAccountRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewGatewayAccount), async (c) => {
    const query = parseOr400(gatewayAccountListQuerySchema, c.req.query());
    const { contents, total } = await listGatewayAccounts(db, query);
    return ok<GatewayAccountList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewGatewayAccount), async (c) => {
    const account = await findGatewayAccount(db, parseIdParam(c));
    if (!account) throw new ApiError(404, NOT_FOUND);
    return ok(c, account);
  });

  app.post('/', requirePermission(PERMISSIONS.createGatewayAccount), async (c) => {
    const actor = actorOf(c.get('claims'));
    // The spec's extra `id` and `name` (and any `total_balance`) are dropped by the schema.
    const payload = await parseJsonBody(c, gatewayAccountCreatePayloadSchema);
    const fields: GatewayAccountFields = {
      code: payload.code,
      paymentMethodId: payload.payment_method_id,
      accountNumber: payload.account_number,
      routingCode: payload.routing_code,
    };
    const created = await db
      .transaction(async (tx) => {
        const length = await paymentMethodAccountLength(tx, fields.paymentMethodId);
        if (length === undefined) throw unknownMethod();
        // On add the number must fit the method (spec §5 asks a positive integer; the method says how long).
        if (fields.accountNumber.length !== length)
          throw fieldError('account_number', VALIDATION.gatewayAccount.accountNumberLength(length));
        if (await gatewayAccountCodeTaken(tx, fields.code))
          throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(fields.code));
        const now = clock();
        const account = await findGatewayAccount(tx, await insertGatewayAccount(tx, fields, now));
        if (account)
          await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.gatewayAccount, 'CREATE', null, account));
        return account;
      })
      .catch(writeErrors(fields.code));
    return ok(c, created, 201);
  });

  app.put('/:id', requirePermission(PERMISSIONS.updateGatewayAccount), async (c) => {
    const actor = actorOf(c.get('claims'));
    const id = parseIdParam(c);
    const payload = await parseJsonBody(c, gatewayAccountUpdatePayloadSchema);
    const fields: GatewayAccountFields = {
      code: payload.code,
      paymentMethodId: payload.payment_method_id,
      accountNumber: payload.account_number,
      routingCode: payload.routing_code,
    };
    const updated = await db
      .transaction(async (tx) => {
        if ((await gatewayAccountStatus(tx, id, true)) === undefined) throw new ApiError(404, NOT_FOUND);
        if ((await paymentMethodAccountLength(tx, fields.paymentMethodId)) === undefined)
          throw unknownMethod();
        if (await gatewayAccountCodeTaken(tx, fields.code, id))
          throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(fields.code));
        const before = await findGatewayAccount(tx, id);
        const now = clock();
        if (!(await updateGatewayAccount(tx, id, fields, now))) throw new ApiError(404, NOT_FOUND);
        const after = await findGatewayAccount(tx, id);
        if (before && after)
          await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.gatewayAccount, 'UPDATE', before, after));
        return after;
      })
      .catch(writeErrors(fields.code));
    return ok(c, updated);
  });

  app.post('/:id', requirePermission(PERMISSIONS.updateGatewayAccount), async (c) => {
    const actor = actorOf(c.get('claims'));
    const id = parseIdParam(c);
    const { command } = parseOr400(activationCommandQuerySchema, c.req.query());
    await readCommandBody(c);
    const account = await db.transaction(async (tx) => {
      const status = await gatewayAccountStatus(tx, id, true);
      if (status === undefined) throw new ApiError(404, NOT_FOUND);
      const before = await findGatewayAccount(tx, id);
      const now = clock();
      if (!(await applyGatewayAccountCommand(tx, id, command, now)))
        throw new ApiError(409, CATALOG_ERRORS.alreadyInStatus('Gateway account', status));
      const after = await findGatewayAccount(tx, id);
      if (before && after)
        await recordChange(
          tx,
          actor,
          now,
          changeOf(CHANGE_SPECS.gatewayAccount, COMMAND_ACTION[command], before, after),
        );
      return after;
    });
    if (!account) throw new ApiError(404, NOT_FOUND);
    return ok(c, account);
  });

  return app;
}
