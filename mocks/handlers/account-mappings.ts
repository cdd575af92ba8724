import {
  type AccountMapping,
  accountMappingListQuerySchema,
  accountMappingPayloadSchema,
  accountMappingSchema,
} from '@contract/account-mapping';
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { accountMappingId, markInForce, toAccountMapping } from '../data/account-mappings';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { recordMockChange } from './change-history';
import { jsonBody } from './gl-accounts';

const accountMappingPage = pagedSchema(accountMappingSchema);

/** Like the server: the search reaches the GL account, the payment method and the financial account type. */
function matches(mapping: AccountMapping, needle: string): boolean {
  return [mapping.gl_account.name, mapping.payment_method?.name ?? '', mapping.financial_account_type].some(
    (s) => s.toLowerCase().includes(needle),
  );
}

/** Schema failures with the item's position first (`[2].gl_account_id: …`), as the server writes them. */
function itemIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issuesMessage(
    issues.map((issue) => {
      const [first, ...rest] = issue.path ?? [];
      if (!first || typeof first.key !== 'number') return issue;
      return { ...issue, path: [{ ...first, key: `[${first.key}]` }, ...rest] } as typeof issue;
    }),
  );
}

const REFERENCE_NAMES = {
  gl_account_id: 'Gl account',
  payment_method_id: 'Payment method',
  charge_id: 'Charge',
} as const;

let created = 0;

/** `GET account-mappings`, `GET account-mappings/{id}`, `POST account-mappings` (server/routes/account-mappings.ts). */
export const accountMappingHandlers = [
  http.get(`${API}/account-mappings`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewAccountMapping);
    if (refusal) return refusal;
    // `status` is checked (spec §7 sends it) but mappings have none, so it filters nothing.
    const query = v.safeParse(accountMappingListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit, search_term } = query.output;
    const needle = search_term?.toLowerCase();
    const found = db.accountMappings
      .filter((m) => !needle || matches(m, needle))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return ok(accountMappingPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/account-mappings/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewAccountMapping);
    if (refusal) return refusal;
    const mapping = db.accountMappings.find((m) => m.id === params.id);
    if (!mapping) return failure(404, API_ERRORS.notFound('Account mapping'));
    return ok(accountMappingSchema, mapping);
  }),

  /** All or nothing: one bad item refuses the whole list (400), naming each bad item and field. */
  http.post(`${API}/account-mappings`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.createAccountMapping);
    if (refusal) return refusal;
    const read = await jsonBody(request);
    if (!read) return failure(400, API_ERRORS.bodyObject);
    const parsed = v.safeParse(accountMappingPayloadSchema, read.body);
    if (!parsed.success) return failure(400, itemIssues(parsed.issues));
    const problems: string[] = [];
    parsed.output.forEach((item, index) => {
      const gl = db.glAccounts.find((a) => a.id === item.gl_account_id);
      if (!gl)
        problems.push(`[${index}].gl_account_id: ${API_ERRORS.notFound(REFERENCE_NAMES.gl_account_id)}`);
      else if (gl.status !== 'ACTIVE')
        problems.push(`[${index}].gl_account_id: ${LEDGER_ERRORS.glAccountInactive}`);
      if (item.payment_method_id && !db.paymentMethods.some((m) => m.id === item.payment_method_id))
        problems.push(
          `[${index}].payment_method_id: ${API_ERRORS.notFound(REFERENCE_NAMES.payment_method_id)}`,
        );
      if (item.charge_id && !db.charges.some((c) => c.id === item.charge_id))
        problems.push(`[${index}].charge_id: ${API_ERRORS.notFound(REFERENCE_NAMES.charge_id)}`);
    });
    if (problems.length > 0) return failure(400, problems.join('; '));
    const now = new Date().toISOString();
    const refs = { glAccounts: db.glAccounts, paymentMethods: db.paymentMethods, charges: db.charges };
    const mappings = parsed.output.map((item) => {
      created += 1;
      return toAccountMapping(refs, { ...item, id: accountMappingId(1000 + created), created_at: now });
    });
    // A new mapping supersedes a stored one with its key (docs/decisions/009), as on the server.
    db.accountMappings = markInForce([...db.accountMappings, ...mappings]);
    for (const mapping of mappings)
      recordMockChange(request, changeOf(CHANGE_SPECS.accountMapping, 'CREATE', null, mapping));
    return ok(v.array(accountMappingSchema), mappings, 201);
  }),
];
