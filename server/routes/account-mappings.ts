/**
 * Account mappings (spec §2 Account mappings screen, §7 calls): list, detail and the all-or-nothing
 * create of the add modal's staging list. Each route names its spec §6 permission.
 */
import {
  accountMappingListQuerySchema,
  accountMappingPayloadSchema,
  type accountMappingSchema,
} from '@contract/account-mapping';
import { issuesMessage, type pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requirePermission } from '../auth/middleware';
import {
  createAccountMappings,
  findAccountMapping,
  type ItemProblem,
  listAccountMappings,
} from '../db/queries/account-mappings';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseJsonBody, parseOr400 } from '../http/validate';

type AccountMapping = v.InferOutput<typeof accountMappingSchema>;
type AccountMappingList = v.InferOutput<ReturnType<typeof pagedSchema<typeof accountMappingSchema>>>;

/** `[2].gl_account_id`: the item's position first, so the console can point at the staged row. */
function itemPath(index: number, field: string): string {
  return `[${index}].${field}`;
}

/** Schema failures of the array, with item paths written like the reference checks' ones. */
function parseItems(body: unknown) {
  const result = v.safeParse(accountMappingPayloadSchema, body);
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => {
    const [first, ...rest] = issue.path ?? [];
    if (!first || typeof first.key !== 'number') return issue;
    return { ...issue, path: [{ ...first, key: `[${first.key}]` }, ...rest] } as typeof issue;
  });
  throw new ApiError(400, issuesMessage(issues));
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
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewAccountMapping), async (c) => {
    // `status` is checked (spec §7 sends it) but mappings have none (spec §3), so it filters nothing.
    const query = parseOr400(accountMappingListQuerySchema, c.req.query());
    const { contents, total } = await listAccountMappings(db, query);
    return ok<AccountMappingList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewAccountMapping), async (c) => {
    const id = parseIdParam(c);
    const mapping = await findAccountMapping(db, id);
    if (!mapping) throw new ApiError(404, API_ERRORS.notFound('Account mapping'));
    return ok<AccountMapping>(c, mapping);
  });

  app.post('/', requirePermission(PERMISSIONS.createAccountMapping), async (c) => {
    const actor = actorOf(c.get('claims'));
    const items = parseItems(await parseJsonBody(c, v.unknown()));
    const result = await createAccountMappings(db, items, clock(), actor);
    // One bad item refuses the whole list: the modal sends its staging list as one unit.
    if (!result.ok) throw new ApiError(400, result.problems.map(describeProblem).join('; '));
    return ok<AccountMapping[]>(c, result.mappings, 201);
  });

  return app;
}
