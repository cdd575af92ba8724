import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import {
  type GlAccount,
  glAccountListQuerySchema,
  glAccountPayloadSchema,
  glAccountSchema,
} from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';
import { refuseUnlessAny } from '../refuse-any';
import { recordMockChange } from './change-history';

const glAccountPage = pagedSchema(glAccountSchema);

/** The JSON body, or null when it is not JSON (the server answers 400 then). */
export async function jsonBody(request: Request): Promise<{ body: unknown } | null> {
  try {
    return { body: (await request.json()) as unknown };
  } catch {
    return null;
  }
}

function findAccount(id: string | readonly string[] | undefined): GlAccount | undefined {
  return db.glAccounts.find((a) => a.id === id);
}

/** The server's unique index on the name is an exact match. */
function nameTaken(name: string, exceptId?: string): boolean {
  return db.glAccounts.some((a) => a.name === name && a.id !== exceptId);
}

/** `GET gl-accounts`, `GET gl-accounts/{id}`, `POST gl-accounts`, `PUT gl-accounts/{id}` (server/routes/gl-accounts.ts). */
export const glAccountHandlers = [
  http.get(`${API}/gl-accounts`, ({ request }) => {
    // As on the server: the account mapping modal lists these with create-account-mapping alone.
    const refusal = refuseUnlessAny(request, [PERMISSIONS.viewGlAccount, PERMISSIONS.createAccountMapping]);
    if (refusal) return refusal;
    const query = v.safeParse(glAccountListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit, search_term, status } = query.output;
    const needle = search_term?.toLowerCase();
    const found = db.glAccounts
      .filter((a) => !status || a.status === status)
      .filter((a) => !needle || [a.name, a.description].some((s) => s.toLowerCase().includes(needle)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return ok(glAccountPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  http.get(`${API}/gl-accounts/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewGlAccount);
    if (refusal) return refusal;
    const account = findAccount(params.id);
    if (!account) return failure(404, API_ERRORS.notFound('Gl account'));
    return ok(glAccountSchema, account);
  }),

  http.post(`${API}/gl-accounts`, async ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.createGlAccount);
    if (refusal) return refusal;
    const read = await jsonBody(request);
    if (!read) return failure(400, API_ERRORS.bodyObject);
    // The spec's empty `id` and `status` are dropped by the payload schema; new accounts are ACTIVE.
    const parsed = v.safeParse(glAccountPayloadSchema, read.body);
    if (!parsed.success) return failure(400, issuesMessage(parsed.issues));
    const payload = parsed.output;
    if (nameTaken(payload.name)) return failure(409, LEDGER_ERRORS.glAccountNameTaken(payload.name));
    const account: GlAccount = {
      id: crypto.randomUUID(),
      ...payload,
      status: 'ACTIVE',
      created_at: new Date().toISOString(),
    };
    db.glAccounts = [...db.glAccounts, account];
    recordMockChange(request, changeOf(CHANGE_SPECS.glAccount, 'CREATE', null, account));
    return ok(glAccountSchema, account, 201);
  }),

  http.put(`${API}/gl-accounts/:id`, async ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.updateGlAccount);
    if (refusal) return refusal;
    const read = await jsonBody(request);
    if (!read) return failure(400, API_ERRORS.bodyObject);
    const body = read.body;
    // A body id naming another account is refused, as the server does; absent or empty is fine.
    if (body && typeof body === 'object' && 'id' in body) {
      const id = body.id;
      const blank = id === null || id === undefined || (typeof id === 'string' && id.trim() === '');
      if (!blank && (typeof id !== 'string' || id.trim().toLowerCase() !== String(params.id).toLowerCase()))
        return failure(400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`);
    }
    const parsed = v.safeParse(glAccountPayloadSchema, body);
    if (!parsed.success) return failure(400, issuesMessage(parsed.issues));
    const current = findAccount(params.id);
    if (!current) return failure(404, API_ERRORS.notFound('Gl account'));
    const payload = parsed.output;
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
    return ok(glAccountSchema, updated);
  }),
];
