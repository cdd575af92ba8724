/**
 * Account mappings (spec §2 Account mappings screen, §7 calls): list, detail and the all-or-nothing
 * create of the add modal's staging list. Access, paths and validation are the declarations'
 * (contract/operations/account-mappings.ts); the declared parse of the array body names an item's
 * field as `[2].gl_account_id`, and the reference checks here write theirs the same way.
 */
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { accountMappingOperations } from '@contract/operations/account-mappings';
import { findAccountMapping, type ItemProblem, listAccountMappings } from '../db/queries/account-mappings';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { submitAccountMappings } from '../services/account-mappings';
import { requestAddress } from '../services/audit-log';
import { answerAccepted } from './approvals';
import { found, pageOf } from './catalogue';

/** `[2].gl_account_id`: the item's position first, so the console can point at the staged row. */
function itemPath(index: number, field: string): string {
  return `[${index}].${field}`;
}

const REFERENCE_NAMES = {
  gl_account_id: 'Gl account',
  payment_method_id: 'Payment method',
  charge_id: 'Charge',
} as const;

function describeProblem({ index, field, problem }: ItemProblem): string {
  const message =
    problem === 'inactive' ? LEDGER_ERRORS.glAccountInactive : API_ERRORS.notFound(REFERENCE_NAMES[field]);
  return `${itemPath(index, field)}: ${message}`;
}

export function accountMappingRoutes({ db, clock }: RouteDeps) {
  return [
    // `status` is checked (spec §7 sends it) but mappings have none (spec §3), so it filters nothing.
    handle(accountMappingOperations.list, ({ query }) => pageOf(listAccountMappings(db, query), query)),

    handle(accountMappingOperations.detail, ({ params }) =>
      found(findAccountMapping(db, params.id), API_ERRORS.notFound('Account mapping')),
    ),

    handle(accountMappingOperations.create, async ({ c, body: items, claims }) => {
      const answer = await submitAccountMappings(db, items, {
        claims,
        address: requestAddress(c),
        now: clock(),
      });
      if ('pending' in answer) return answerAccepted(c, answer.pending);
      const result = answer.done;
      // One bad item refuses the whole list: the modal sends its staging list as one unit.
      if (!result.ok) throw new ApiError(400, result.problems.map(describeProblem).join('; '));
      return result.mappings;
    }),
  ];
}
