import { pagedSchema } from '@contract/envelope';
import { glAccountSchema } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(glAccountSchema);
const NOT_FOUND = API_ERRORS.notFound('Gl account');
const BANK_CHARGES = 'gl-accounts/{gl:Bank Charges Expense}';
const m = VALIDATION.glAccount;

const pettyCash = {
  name: 'Petty cash',
  type: 'ASSET',
  manual_journal_entries_allowed: true,
  description: 'Cash box',
};
const names = (data: unknown) => rowsOf<{ name: string }>(data).map((a) => a.name);

const cases: ConformanceCase[] = [
  // GET gl-accounts: view-gl-account, or create-account-mapping (the mapping modal's dropdown)
  ...refusals({ method: 'GET', path: 'gl-accounts' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts', query: { status: 'CLOSED' } },
    expect: { status: 400, message: `status: ${API_ERRORS.queryEnum('status', ['ACTIVE', 'INACTIVE'])}` },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'gl-accounts', query: { page: '1', limit: '5' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 9, total_pages: 2 },
      check: (data) =>
        expect(names(data)).toEqual([
          'Legacy Clearing Account',
          'Owner Equity',
          'Bank Charges Expense',
          'Gateway Fee Income',
          'Transfers in Suspense',
        ]),
    },
  },
  {
    name: 'searches the name',
    role: 'finance',
    request: { method: 'GET', path: 'gl-accounts', query: { search_term: 'SUSPENSE' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => expect(names(data)).toEqual(['Transfers in Suspense']),
    },
  },
  {
    name: 'searches the description',
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts', query: { search_term: 'wallet operators' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => expect(names(data)).toEqual(['Settlement Bank Accounts']),
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts', query: { status: 'INACTIVE' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => expect(names(data)).toEqual(['Legacy Clearing Account']),
    },
  },

  {
    name: 'create-account-mapping alone lists them (the mapping modal)',
    role: { permissions: [PERMISSIONS.createAccountMapping] },
    request: { method: 'GET', path: 'gl-accounts', query: { page: '1', limit: '100' } },
    expect: { status: 200, data: page, match: { total: 9 } },
  },
  {
    name: 'view-account-mapping does not',
    role: { permissions: [PERMISSIONS.viewAccountMapping] },
    request: { method: 'GET', path: 'gl-accounts' },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },

  // GET gl-accounts/{id}
  ...refusals({ method: 'GET', path: BANK_CHARGES }, 'nobody'),
  {
    name: 'the detail stays behind view-gl-account',
    role: { permissions: [PERMISSIONS.createAccountMapping] },
    request: { method: 'GET', path: BANK_CHARGES },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `gl-accounts/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'finance',
    request: { method: 'GET', path: BANK_CHARGES },
    expect: {
      status: 200,
      data: glAccountSchema,
      match: {
        id: '{gl:Bank Charges Expense}',
        name: 'Bank Charges Expense',
        type: 'EXPENSE',
        manual_journal_entries_allowed: true,
        description: 'Fees charged to us by partner banks',
        status: 'ACTIVE',
      },
    },
  },

  // POST gl-accounts: create-gl-account
  ...refusals({ method: 'POST', path: 'gl-accounts', body: pettyCash }, 'support'),
  {
    role: 'admin',
    request: { method: 'POST', path: 'gl-accounts', body: {} },
    expect: {
      status: 400,
      message: `name: ${m.name}; type: ${m.type}; manual_journal_entries_allowed: ${m.manualJournal}; description: ${m.description}`,
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts' },
    expect: { status: 200, data: page, match: { total: 9 } },
  },
  {
    name: 'ACTIVE, the empty id and status of the form ignored',
    role: 'finance',
    request: { method: 'POST', path: 'gl-accounts', body: { ...pettyCash, id: '', status: '' } },
    expect: { status: 201, data: glAccountSchema, match: { ...pettyCash, status: 'ACTIVE' } },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts', query: { limit: '1' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 10 },
      check: (data) => expect(names(data)).toEqual(['Petty cash']),
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'gl-accounts', body: pettyCash },
    expect: { status: 409, message: LEDGER_ERRORS.glAccountNameTaken('Petty cash') },
  },

  // PUT gl-accounts/{id}: update-gl-account
  ...refusals({ method: 'PUT', path: BANK_CHARGES, body: { ...pettyCash, name: 'Bank fees' } }, 'support'),
  {
    role: 'admin',
    request: { method: 'PUT', path: 'gl-accounts/nope', body: pettyCash },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: `gl-accounts/${UNKNOWN_ID}`, body: pettyCash },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: BANK_CHARGES, body: { ...pettyCash, description: '' } },
    expect: { status: 400, message: `description: ${m.description}` },
  },
  {
    name: 'a body id of another account',
    role: 'admin',
    request: {
      method: 'PUT',
      path: BANK_CHARGES,
      body: { ...pettyCash, name: 'Bank fees', id: '{gl:Owner Equity}' },
    },
    expect: { status: 400, message: `id: ${LEDGER_ERRORS.glAccountIdMismatch}` },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: BANK_CHARGES, body: { ...pettyCash, name: 'Owner Equity' } },
    expect: { status: 409, message: LEDGER_ERRORS.glAccountNameTaken('Owner Equity') },
  },
  {
    name: 'the type of an account with journal entries is locked',
    role: 'admin',
    request: {
      method: 'PUT',
      path: 'gl-accounts/{gl:Gateway Receivables Control}',
      body: {
        name: 'Gateway Receivables Control',
        type: 'EXPENSE',
        manual_journal_entries_allowed: false,
        description: 'x',
      },
    },
    expect: { status: 409, message: LEDGER_ERRORS.glAccountTypeLocked },
  },
  {
    name: 'the refused change left the type as it was',
    role: 'admin',
    request: { method: 'GET', path: 'gl-accounts/{gl:Gateway Receivables Control}' },
    expect: {
      status: 200,
      data: glAccountSchema,
      match: { name: 'Gateway Receivables Control', type: 'ASSET' },
    },
  },
  {
    name: 'an account without entries may change anything',
    role: 'finance',
    request: {
      method: 'PUT',
      path: BANK_CHARGES,
      body: { ...pettyCash, name: 'Bank fees', id: '{gl:Bank Charges Expense}' },
    },
    expect: {
      status: 200,
      data: glAccountSchema,
      match: { id: '{gl:Bank Charges Expense}', ...pettyCash, name: 'Bank fees' },
    },
  },
  {
    name: 'its status stays',
    role: 'admin',
    request: {
      method: 'PUT',
      path: 'gl-accounts/{gl:Legacy Clearing Account}',
      body: {
        name: 'Legacy Clearing Account',
        type: 'ASSET',
        manual_journal_entries_allowed: true,
        description: 'Old',
      },
    },
    expect: {
      status: 200,
      data: glAccountSchema,
      match: { status: 'INACTIVE', manual_journal_entries_allowed: true },
    },
  },
];

export const glAccountCases: ResourceCases = { resource: 'gl-accounts', cases };
