import { accountMappingSchema } from '@contract/account-mapping';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import { accountMappingOperations } from '@contract/operations/account-mappings';
import * as v from 'valibot';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { itemCases, listCases, refusalCases } from './helpers';
import { fails, made, ok, rowsOf, table } from './table';

const page = pagedSchema(accountMappingSchema);
const created = v.array(accountMappingSchema);
const NOT_FOUND = API_ERRORS.notFound('Account mapping');
const SUSPENSE = 'account-mappings/{mapping:TRANSFER_SUSPENSE}';
const m = VALIDATION.accountMapping;

const reference = {
  financial_account_type: 'RECEIVE_REFERENCE',
  gl_account_id: '{gl:Settlement Bank Accounts}',
};

type Row = {
  id: string;
  financial_account_type: string;
  payment_method_id: string | null;
  charge_id: string | null;
  in_force: boolean;
};
/** A mapping's charge as the list shows it: name, amount as stored, ranged or not, calculation, currency. */
const mapped =
  (currency: { name: string; name_code: string }) =>
  (name: string, amount: string, is_range: boolean, charge_calculation_method: string) => ({
    name,
    amount,
    is_range,
    charge_calculation_method,
    currency,
  });
const etb = mapped({ name: 'Ethiopian Birr', name_code: 'ETB' });
const usd = mapped({ name: 'US Dollar', name_code: 'USD' });

const general = (type: string) => (r: Row) =>
  r.financial_account_type === type && r.payment_method_id === null && r.charge_id === null;

const cases: ConformanceCase[] = [
  // GET account-mappings
  ...listCases(accountMappingOperations.list, { refused: 'nobody' }),
  ...table([
    [
      'support GET account-mappings?page=1&limit=100',
      ok(page, { total: 19, total_pages: 1 }, (data) => {
        const rows = rowsOf<Row & { gl_account: { name: string }; payment_method: unknown; charge: unknown }>(
          data,
        );
        expect(rows.find(general('TRANSFER_SUSPENSE'))).toMatchObject({
          payment_method: null,
          charge: null,
          gl_account: { name: 'Transfers in Suspense' },
          in_force: true,
        });
        expect(
          rows.filter((r) => r.financial_account_type === 'INCOME_FROM_CHARGE').map((r) => r.charge),
        ).toEqual([
          usd('USD transfer fee', '0.000000', true, 'PERCENT'),
          usd('International card fee', '3.500000', false, 'PERCENT'),
          etb('Bank transfer fee', '0.000000', true, 'FLAT'),
          etb('Card processing fee', '2.500000', false, 'PERCENT'),
          etb('Wallet transaction fee', '5.000000', false, 'FLAT'),
          null,
        ]);
        expect(rows.every((r) => r.in_force)).toBe(true);
      }),
      { name: 'newest first, each joined with its names; null where no payment method or charge' },
    ],
    [
      'finance GET account-mappings?search_term=suspense',
      ok(page, { total: 1 }),
      { name: 'searches GL account, payment method and type' },
    ],
    [
      'admin GET account-mappings?search_term=telebirr',
      ok(page, {
        total: 1,
        contents: [{ financial_account_type: 'RECEIVE_CONTROL', payment_method: { name: 'telebirr' } }],
      }),
    ],
  ]),

  // GET account-mappings/{id}
  ...itemCases(accountMappingOperations.detail, { at: SUSPENSE, refused: 'nobody', message: NOT_FOUND }),
  ...table([
    [
      `finance GET ${SUSPENSE}`,
      ok(accountMappingSchema, {
        id: '{mapping:TRANSFER_SUSPENSE}',
        financial_account_type: 'TRANSFER_SUSPENSE',
        gl_account_id: '{gl:Transfers in Suspense}',
        payment_method_id: null,
        charge_id: null,
        in_force: true,
      }),
    ],
  ]),

  // POST account-mappings: create-account-mapping; a list, all or nothing
  ...refusalCases(accountMappingOperations.create, { body: [reference], refused: 'support' }),
  ...table([
    [
      'admin POST account-mappings',
      fails(400, `[0].financial_account_type: ${m.financialAccountType}; [0].gl_account_id: ${m.glAccount}`),
      { body: [{ gl_account_id: '' }] },
    ],
    ['admin POST account-mappings', fails(400, m.atLeastOne), { body: [] }],
    [
      'admin POST account-mappings',
      { status: 400 },
      { body: { financial_account_type: 'RECEIVE_REFERENCE' } },
    ],
    [
      'admin POST account-mappings',
      fails(400, `[1].gl_account_id: ${LEDGER_ERRORS.glAccountInactive}`),
      {
        name: 'one inactive GL account refuses the whole list, naming the item',
        body: [
          reference,
          { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: '{gl:Legacy Clearing Account}' },
        ],
      },
    ],
    [
      'admin POST account-mappings',
      fails(400, /^\[1\]\.gl_account_id: /),
      { body: [reference, { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: UNKNOWN_ID }] },
    ],
    [
      'admin POST account-mappings',
      fails(
        400,
        `[1].financial_account_type: ${LEDGER_ERRORS.accountMappingRepeated('RECEIVE_REFERENCE', 0)}`,
      ),
      { name: 'one list may not map a key twice', body: [reference, reference] },
    ],
    ['admin GET account-mappings', ok(page, { total: 19 }), { name: 'the refused lists wrote nothing' }],
    [
      'finance POST account-mappings',
      made(created, [
        {
          ...reference,
          payment_method_id: null,
          charge_id: null,
          payment_method: null,
          charge: null,
          gl_account: { name: 'Settlement Bank Accounts' },
          in_force: true,
        },
        {
          payment_method_id: '{method:CBE}',
          charge_id: '{charge:Refund fee}',
          payment_method: { name: 'Commercial Bank of Ethiopia' },
          charge: { amount: '10.000000', currency: { name: 'Ethiopian Birr' } },
          gl_account: { name: 'Gateway Fee Income' },
          in_force: true,
        },
      ]),
      {
        name: 'every item at once, in the order sent, names joined',
        body: [
          reference,
          {
            financial_account_type: 'INCOME_FROM_CHARGE',
            gl_account_id: '{gl:Gateway Fee Income}',
            payment_method_id: '{method:CBE}',
            charge_id: '{charge:Refund fee}',
          },
        ],
      },
    ],
    [
      'admin POST account-mappings',
      made(created, [{ financial_account_type: 'TRANSFER_SUSPENSE', in_force: true }]),
      {
        name: 'a new mapping with a stored key supersedes it',
        body: [
          { financial_account_type: 'TRANSFER_SUSPENSE', gl_account_id: '{gl:Settlement Bank Accounts}' },
        ],
      },
    ],
    [
      'admin GET account-mappings?limit=100',
      ok(page, { total: 22 }, async (data, context) => {
        const stored = await context.resolve('{mapping:TRANSFER_SUSPENSE}');
        const rows = rowsOf<Row>(data).filter(general('TRANSFER_SUSPENSE'));
        expect(rows.map((r) => [r.id === stored ? 'stored' : 'new', r.in_force])).toEqual([
          ['new', true],
          ['stored', false],
        ]);
      }),
      { name: 'in force: the new one only' },
    ],
  ]),
];

export const accountMappingCases: ResourceCases = { resource: 'account-mappings', cases };
