import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import type { GlAccount } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { glAccountOperations } from '@contract/operations/gl-accounts';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { recordMockChange } from './change-history';

/**
 * The spec's client sends the record's `id` in the PUT body, which the payload schema drops: one
 * naming another account is refused, as the server does; absent or empty is fine. Reads the body as
 * sent (mocks/operation.ts parsed a copy).
 */
async function bodyIdMismatch(request: Request, pathId: string): Promise<boolean> {
  const body: unknown = await request.json();
  if (!body || typeof body !== 'object' || !('id' in body)) return false;
  const { id } = body;
  if (id === null || id === undefined || (typeof id === 'string' && id.trim() === '')) return false;
  return typeof id !== 'string' || id.trim().toLowerCase() !== pathId.toLowerCase();
}

function findAccount(id: string): GlAccount | undefined {
  return db.glAccounts.find((a) => a.id === id);
}

/** The server's unique index on the name is an exact match. */
function nameTaken(name: string, exceptId?: string): boolean {
  return db.glAccounts.some((a) => a.name === name && a.id !== exceptId);
}

/** `GET gl-accounts`, `GET gl-accounts/{id}`, `POST gl-accounts`, `PUT gl-accounts/{id}` (server/routes/gl-accounts.ts). */
export const glAccountHandlers = [
  // As on the server, the account mapping modal lists these with create-account-mapping alone (alsoPermitted).
  mock(glAccountOperations.list, ({ query: { page, limit, search_term, status, sort } }) => {
    const needle = search_term?.toLowerCase();
    const found = db.glAccounts
      .filter((a) => !status || a.status === status)
      .filter((a) => !needle || [a.name, a.description].some((s) => s.toLowerCase().includes(needle)))
      .sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: {
        created: (a) => a.created_at,
        name: (a) => a.name,
        type: (a) => a.type,
        status: (a) => a.status,
      },
    });
    return pageOf(sorted, page, limit);
  }),

  mock(glAccountOperations.detail, ({ params }) => {
    const account = findAccount(params.id);
    if (!account) return failure(404, API_ERRORS.notFound('Gl account'));
    return account;
  }),

  // The spec's empty `id` and `status` are dropped by the payload schema; new accounts are ACTIVE.
  mock(glAccountOperations.create, ({ request, body: payload }) => {
    if (nameTaken(payload.name)) return failure(409, LEDGER_ERRORS.glAccountNameTaken(payload.name));
    const account: GlAccount = {
      id: crypto.randomUUID(),
      ...payload,
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.glAccounts = [...db.glAccounts, account];
    recordMockChange(request, changeOf(CHANGE_SPECS.glAccount, 'CREATE', null, account));
    return account;
  }),

  mock(glAccountOperations.update, async ({ request, params, body: payload }) => {
    if (await bodyIdMismatch(request, params.id))
      return failure(400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`);
    const current = findAccount(params.id);
    if (!current) return failure(404, API_ERRORS.notFound('Gl account'));
    if (
      payload.type !== current.type &&
      db.journalEntries.some((entry) => entry.gl_account.id === current.id)
    ) {
      return failure(409, LEDGER_ERRORS.glAccountTypeLocked);
    }
    if (nameTaken(payload.name, current.id))
      return failure(409, LEDGER_ERRORS.glAccountNameTaken(payload.name));
    const updated: GlAccount = { ...current, ...payload };
    db.glAccounts = db.glAccounts.map((a) => (a.id === updated.id ? updated : a));
    recordMockChange(request, changeOf(CHANGE_SPECS.glAccount, 'UPDATE', current, updated));
    return updated;
  }),
];
