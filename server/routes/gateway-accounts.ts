/**
 * Gateway accounts (spec §7): list, detail, create, update and the activate/deactivate command.
 * Access, paths and validation are the declarations' (contract/operations/gateway-accounts.ts).
 * `total_balance` is never taken from a request: it starts at 0 and only the ledger moves it.
 * Writes are one transaction each.
 */

import { CHANGE_SPECS, COMMAND_ACTION } from '@contract/change-history';
import { accountNumberLengthIssue } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS } from '@contract/messages';
import { gatewayAccountOperations } from '@contract/operations/gateway-accounts';
import { actorOf } from '../auth/actor';
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
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { fieldError } from '../http/validate';
import { editRecorded, found, insertRecorded, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const unknownMethod = () =>
  fieldError('payment_method_id', CATALOG_ERRORS.unknownReference('payment method'));

/** The fields a create and an update write; the spec's extra `id` and `name` (and any `total_balance`) are dropped. */
function fieldsOf(payload: {
  code: string;
  payment_method_id: string;
  account_number: string;
  routing_code: string;
}): GatewayAccountFields {
  return {
    code: payload.code,
    paymentMethodId: payload.payment_method_id,
    accountNumber: payload.account_number,
    routingCode: payload.routing_code,
  };
}

/** Racing writes of one code pass the pre-check; the unique index decides. A vanished method is a 400. */
function writeErrors(code: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(code));
    if (isForeignKeyViolation(error)) throw unknownMethod();
    throw error;
  };
}

export function gatewayAccountRoutes({ db, clock }: RouteDeps) {
  return [
    handle(gatewayAccountOperations.list, ({ query }) => pageOf(listGatewayAccounts(db, query), query)),

    handle(gatewayAccountOperations.detail, ({ params }) =>
      found(findGatewayAccount(db, params.id), NOT_FOUND),
    ),

    handle(gatewayAccountOperations.create, ({ c, body: payload, claims }) => {
      const fields = fieldsOf(payload);
      return insertRecorded(db, actorOf(claims, c), clock, CHANGE_SPECS.gatewayAccount, async (tx, now) => {
        const length = await paymentMethodAccountLength(tx, fields.paymentMethodId);
        if (length === undefined) throw unknownMethod();
        // On add the number must fit the method (spec §5 asks a positive integer; the method says how long).
        const lengthIssue = accountNumberLengthIssue(fields.accountNumber, length);
        if (lengthIssue) throw fieldError('account_number', lengthIssue);
        if (await gatewayAccountCodeTaken(tx, fields.code))
          throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(fields.code));
        const account = await findGatewayAccount(tx, await insertGatewayAccount(tx, fields, now));
        // Read back in the same transaction, so it is there; if not, nothing is kept.
        if (!account) throw new Error('A gateway account was not found right after its insert');
        return account;
      }).catch(writeErrors(fields.code));
    }),

    handle(gatewayAccountOperations.update, async ({ c, params: { id }, body: payload, claims }) => {
      const actor = actorOf(claims, c);
      const fields = fieldsOf(payload);
      const updated = await db
        .transaction(async (tx) => {
          if ((await gatewayAccountStatus(tx, id, true)) === undefined) throw new ApiError(404, NOT_FOUND);
          if ((await paymentMethodAccountLength(tx, fields.paymentMethodId)) === undefined)
            throw unknownMethod();
          if (await gatewayAccountCodeTaken(tx, fields.code, id))
            throw new ApiError(409, CATALOG_ERRORS.gatewayAccountCodeTaken(fields.code));
          const now = clock();
          return editRecorded(
            { tx, actor, now },
            CHANGE_SPECS.gatewayAccount,
            'UPDATE',
            () => findGatewayAccount(tx, id),
            async () => {
              if (!(await updateGatewayAccount(tx, id, fields, now))) throw new ApiError(404, NOT_FOUND);
            },
          );
        })
        .catch(writeErrors(fields.code));
      return found(updated, NOT_FOUND);
    }),

    // The command's body (`{ isActive }`, spec §7) is optional, accepted and ignored; handle()
    // refuses one that is not well formed.
    handle(gatewayAccountOperations.command, async ({ c, params: { id }, query: { command }, claims }) => {
      const actor = actorOf(claims, c);
      const account = await db.transaction(async (tx) => {
        const status = await gatewayAccountStatus(tx, id, true);
        if (status === undefined) throw new ApiError(404, NOT_FOUND);
        const now = clock();
        return editRecorded(
          { tx, actor, now },
          CHANGE_SPECS.gatewayAccount,
          COMMAND_ACTION[command],
          () => findGatewayAccount(tx, id),
          async () => {
            if (!(await applyGatewayAccountCommand(tx, id, command, now)))
              throw new ApiError(409, CATALOG_ERRORS.alreadyInStatus('Gateway account', status));
          },
        );
      });
      return found(account, NOT_FOUND);
    }),
  ];
}
