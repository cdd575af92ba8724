import { describe, expect, it } from 'vitest';
import { accountMappingListQuerySchema, accountMappingPayloadSchema } from './account-mapping';
import { LEDGER_ERRORS, VALIDATION } from './messages';
import { issuesOf, parseOk, standardIssues } from './test/helpers';

const m = VALIDATION.accountMapping;
const gl_account_id = '0b4c2c3e-5f7a-4f51-8d2a-2f0cf6d5b1a1';
const payment_method_id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('accountMappingPayloadSchema', () => {
  it('turns empty payment method and charge into null', () => {
    const items = [
      { financial_account_type: 'RECEIVE_CONTROL', gl_account_id, payment_method_id, charge_id: '' },
      { financial_account_type: 'INCOME_FROM_CHARGE', gl_account_id, payment_method_id: null },
    ];
    expect(parseOk(accountMappingPayloadSchema, items)).toEqual([
      { financial_account_type: 'RECEIVE_CONTROL', gl_account_id, payment_method_id, charge_id: null },
      {
        financial_account_type: 'INCOME_FROM_CHARGE',
        gl_account_id,
        payment_method_id: null,
        charge_id: null,
      },
    ]);
  });

  it('refuses a list that maps one key twice, naming the later item and the earlier one', () => {
    const item = { financial_account_type: 'RECEIVE_CONTROL', gl_account_id, payment_method_id };
    expect(
      issuesOf(accountMappingPayloadSchema, [
        item,
        { ...item, payment_method_id: null },
        // Capitals in an id and another GL account do not make another key; '' is null.
        { ...item, payment_method_id: payment_method_id.toUpperCase(), gl_account_id: payment_method_id },
        { ...item, payment_method_id: '', charge_id: null },
      ]),
    ).toEqual({
      '2.financial_account_type': [LEDGER_ERRORS.accountMappingRepeated('RECEIVE_CONTROL', 0)],
      '3.financial_account_type': [LEDGER_ERRORS.accountMappingRepeated('RECEIVE_CONTROL', 1)],
    });
    // The same payment method under another type is another key.
    expect(
      parseOk(accountMappingPayloadSchema, [item, { ...item, financial_account_type: 'RECEIVE_REFERENCE' }]),
    ).toHaveLength(2);
  });

  it('refuses an empty list', () => {
    expect(issuesOf(accountMappingPayloadSchema, [])).toEqual({ '': [m.atLeastOne] });
  });

  it('gives the spec §5 messages per item', () => {
    expect(
      standardIssues(accountMappingPayloadSchema, [{ financial_account_type: null, gl_account_id: null }]),
    ).toEqual({
      '0.financial_account_type': [m.financialAccountType],
      '0.gl_account_id': [m.glAccount],
    });
    expect(
      issuesOf(accountMappingPayloadSchema, [
        { financial_account_type: 'ASSET', gl_account_id, charge_id: 'x' },
      ]),
    ).toEqual({
      '0.financial_account_type': [m.financialAccountType],
      '0.charge_id': ['charge_id must be a UUID'],
    });
  });
});

describe('accountMappingListQuerySchema', () => {
  it('takes search_term and status', () => {
    expect(
      parseOk(accountMappingListQuerySchema, { search_term: 'cash', status: 'INACTIVE', page: '2' }),
    ).toEqual({
      page: 2,
      limit: 10,
      search_term: 'cash',
      status: 'INACTIVE',
      // Newest first when no sort is asked for (issue 24).
      sort: { key: 'created', direction: 'desc' },
    });
  });
});
