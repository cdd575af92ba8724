import type { AccountMapping } from '@contract/account-mapping';
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { accountMappingOperations } from '@contract/operations/account-mappings';
import { accountMappingId, markInForce, toAccountMapping } from '../data/account-mappings';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { recordMockChange } from './change-history';

/** Like the server: the search reaches the GL account, the payment method and the financial account type. */
function matches(mapping: AccountMapping, needle: string): boolean {
  return [mapping.gl_account.name, mapping.payment_method?.name ?? '', mapping.financial_account_type].some(
    (s) => s.toLowerCase().includes(needle),
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
  // `status` is checked (spec §7 sends it) but mappings have none, so it filters nothing.
  mock(accountMappingOperations.list, ({ query: { page, limit, search_term, sort } }) => {
    const needle = search_term?.toLowerCase();
    const found = db.accountMappings.filter((m) => !needle || matches(m, needle)).sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: { created: (m) => m.created_at, type: (m) => m.financial_account_type },
    });
    return pageOf(sorted, page, limit);
  }),

  mock(accountMappingOperations.detail, ({ params }) => {
    const mapping = db.accountMappings.find((m) => m.id === params.id);
    if (!mapping) return failure(404, API_ERRORS.notFound('Account mapping'));
    return mapping;
  }),

  /**
   * All or nothing: one bad item refuses the whole list (400), naming each bad item and field (the
   * schema's refusals as `[2].gl_account_id: …` by mocks/operation.ts, the references' here).
   */
  mock(accountMappingOperations.create, ({ request, body: items }) => {
    const problems: string[] = [];
    items.forEach((item, index) => {
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
    const mappings = items.map((item) => {
      created += 1;
      return toAccountMapping(refs, { ...item, id: accountMappingId(1000 + created), created_at: now });
    });
    // A new mapping supersedes a stored one with its key (docs/decisions/009), as on the server.
    db.accountMappings = markInForce([...db.accountMappings, ...mappings]);
    for (const mapping of mappings)
      recordMockChange(request, changeOf(CHANGE_SPECS.accountMapping, 'CREATE', null, mapping));
    return mappings;
  }),
];
