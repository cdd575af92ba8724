import { pagedSchema } from '@contract/envelope';
import { glAccountSchema } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import { glAccountOperations } from '@contract/operations/gl-accounts';
import { PERMISSIONS } from '@contract/permissions';
import type { ConformanceCase, ResourceCases } from '../case';
import { alsoPermittedCases, listCases, malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, listing, made, ok, table } from './table';

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
const lists = listing(page, 'name');

const cases: ConformanceCase[] = [
  // GET gl-accounts: view-gl-account, or create-account-mapping (the mapping modal's dropdown)
  ...listCases(glAccountOperations.list, { refused: 'nobody' }),
  ...table([
    [
      'admin GET gl-accounts?status=CLOSED',
      fails(400, `status: ${API_ERRORS.queryEnum('status', ['ACTIVE', 'INACTIVE'])}`),
    ],
    [
      'support GET gl-accounts?page=1&limit=5',
      lists(
        [
          'Legacy Clearing Account',
          'Owner Equity',
          'Bank Charges Expense',
          'Gateway Fee Income',
          'Transfers in Suspense',
        ],
        { total: 9, total_pages: 2 },
      ),
      { name: 'newest first, paged' },
    ],
    [
      'finance GET gl-accounts?search_term=SUSPENSE',
      lists(['Transfers in Suspense']),
      { name: 'searches the name' },
    ],
    [
      'admin GET gl-accounts?search_term=wallet operators',
      lists(['Settlement Bank Accounts']),
      { name: 'searches the description' },
    ],
    ['admin GET gl-accounts?status=INACTIVE', lists(['Legacy Clearing Account'])],
  ]),
  ...alsoPermittedCases(glAccountOperations.list, {
    name: 'create-account-mapping alone lists them (the mapping modal)',
    query: { page: '1', limit: '100' },
    answer: ok(page, { total: 9 }),
    denied: PERMISSIONS.viewAccountMapping,
  }),

  // GET gl-accounts/{id}
  ...refusalCases(glAccountOperations.detail, { at: BANK_CHARGES, refused: 'nobody' }),
  ...table([
    [
      `GET ${BANK_CHARGES}`,
      fails(403, API_ERRORS.forbidden),
      {
        name: 'the detail stays behind view-gl-account',
        as: { permissions: [PERMISSIONS.createAccountMapping] },
      },
    ],
  ]),
  ...malformedIdCases(glAccountOperations.detail),
  ...unknownIdCases(glAccountOperations.detail, { message: NOT_FOUND }),
  ...table([
    [
      `finance GET ${BANK_CHARGES}`,
      ok(glAccountSchema, {
        id: '{gl:Bank Charges Expense}',
        name: 'Bank Charges Expense',
        type: 'EXPENSE',
        manual_journal_entries_allowed: true,
        description: 'Fees charged to us by partner banks',
        status: 'ACTIVE',
      }),
    ],
  ]),

  // POST gl-accounts: create-gl-account
  ...refusalCases(glAccountOperations.create, { body: pettyCash, refused: 'support' }),
  ...table([
    [
      'admin POST gl-accounts',
      fails(
        400,
        `name: ${m.name}; type: ${m.type}; manual_journal_entries_allowed: ${m.manualJournal}; description: ${m.description}`,
      ),
      { body: {} },
    ],
    ['admin GET gl-accounts', ok(page, { total: 9 })],
    [
      'finance POST gl-accounts',
      made(glAccountSchema, { ...pettyCash, status: 'ACTIVE' }),
      {
        name: 'ACTIVE, the empty id and status of the form ignored',
        body: { ...pettyCash, id: '', status: '' },
      },
    ],
    ['admin GET gl-accounts?limit=1', lists(['Petty cash'], { total: 10 })],
    [
      'admin POST gl-accounts',
      fails(409, LEDGER_ERRORS.glAccountNameTaken('Petty cash')),
      { body: pettyCash },
    ],
  ]),

  // PUT gl-accounts/{id}: update-gl-account
  ...refusalCases(glAccountOperations.update, {
    at: BANK_CHARGES,
    body: { ...pettyCash, name: 'Bank fees' },
    refused: 'support',
  }),
  ...malformedIdCases(glAccountOperations.update, { body: pettyCash }),
  ...unknownIdCases(glAccountOperations.update, { body: pettyCash, message: NOT_FOUND }),
  ...table([
    [
      `admin PUT ${BANK_CHARGES}`,
      fails(400, `description: ${m.description}`),
      { body: { ...pettyCash, description: '' } },
    ],
    [
      `admin PUT ${BANK_CHARGES}`,
      fails(400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`),
      {
        name: 'a body id of another account',
        body: { ...pettyCash, name: 'Bank fees', id: '{gl:Owner Equity}' },
      },
    ],
    [
      `admin PUT ${BANK_CHARGES}`,
      fails(409, LEDGER_ERRORS.glAccountNameTaken('Owner Equity')),
      { body: { ...pettyCash, name: 'Owner Equity' } },
    ],
    [
      'admin PUT gl-accounts/{gl:Gateway Receivables Control}',
      fails(409, LEDGER_ERRORS.glAccountTypeLocked),
      {
        name: 'the type of an account with journal entries is locked',
        body: {
          name: 'Gateway Receivables Control',
          type: 'EXPENSE',
          manual_journal_entries_allowed: false,
          description: 'x',
        },
      },
    ],
    [
      'admin GET gl-accounts/{gl:Gateway Receivables Control}',
      ok(glAccountSchema, { name: 'Gateway Receivables Control', type: 'ASSET' }),
      { name: 'the refused change left the type as it was' },
    ],
    [
      `finance PUT ${BANK_CHARGES}`,
      ok(glAccountSchema, { id: '{gl:Bank Charges Expense}', ...pettyCash, name: 'Bank fees' }),
      {
        name: 'an account without entries may change anything',
        body: { ...pettyCash, name: 'Bank fees', id: '{gl:Bank Charges Expense}' },
      },
    ],
    [
      'admin PUT gl-accounts/{gl:Legacy Clearing Account}',
      ok(glAccountSchema, { status: 'INACTIVE', manual_journal_entries_allowed: true }),
      {
        name: 'its status stays',
        body: {
          name: 'Legacy Clearing Account',
          type: 'ASSET',
          manual_journal_entries_allowed: true,
          description: 'Old',
        },
      },
    ],
  ]),
];

export const glAccountCases: ResourceCases = { resource: 'gl-accounts', cases };
