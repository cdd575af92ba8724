import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { accountMappingSchema } from './account-mapping';
import { chargeSchema } from './charge';
import { currencySchema } from './currency';
import { pagedSchema } from './envelope';
import { gatewayAccountSchema } from './gateway-account';
import { glAccountSchema } from './gl-account';
import { journalEntrySchema } from './journal-entry';
import { paymentMethodSchema } from './payment-method';
import { issuesOf, parseOk } from './test/helpers';

/** One sample of each response entity, as the server sends it; also a model for mock data. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const created_at = '2026-11-21T08:30:00.000Z';

const samples: [string, v.GenericSchema, Record<string, unknown>][] = [
  [
    'payment method',
    paymentMethodSchema,
    {
      id: id(1),
      name: 'telebirr',
      type: 'WALLET',
      code: 'TELEBIRR',
      url: 'https://telebirr.et',
      logo: '/logos/telebirr.svg',
      account_number_length: 10,
      supported_currencies: ['ETB'],
      status: 'ACTIVE',
      created_at,
    },
  ],
  [
    'currency',
    currencySchema,
    {
      id: id(2),
      name: 'Ethiopian Birr',
      name_code: 'ETB',
      display_symbol: 'Br',
      decimal_places: 2,
      in_multiples_of: '0.05',
      created_at,
    },
  ],
  [
    'charge',
    chargeSchema,
    {
      id: id(3),
      currency_id: id(2),
      name: 'Transfer fee',
      charge_type: 'GATEWAY_CHARGE',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'PERCENT',
      amount: '0',
      is_range: true,
      charge_ranges: [{ min_amount: '0', max_amount: '1000', charge_amount: '1.5' }],
      fee_on_date: '2026-11-21',
      fee_interval: null,
      currency: { id: id(2), name: 'Ethiopian Birr', name_code: 'ETB' },
      created_at,
    },
  ],
  [
    'gateway account',
    gatewayAccountSchema,
    {
      id: id(4),
      code: 'TB-001',
      payment_method: { id: id(1), name: 'telebirr', logo: null, type: 'WALLET' },
      account_number: '0911234567',
      routing_code: 'TELEBIRR',
      total_balance: '125000.50',
      balance_decimal_places: 2,
      status: 'INACTIVE',
      created_at,
    },
  ],
  [
    'GL account',
    glAccountSchema,
    {
      id: id(5),
      name: 'Cash at bank',
      type: 'ASSET',
      manual_journal_entries_allowed: true,
      description: 'Main operating account',
      status: 'ACTIVE',
      created_at,
    },
  ],
  [
    'account mapping',
    accountMappingSchema,
    {
      id: id(6),
      financial_account_type: 'INCOME_FROM_CHARGE',
      payment_method_id: null,
      gl_account_id: id(5),
      charge_id: id(3),
      payment_method: null,
      charge: {
        name: 'Bank transfer fee',
        amount: '0',
        is_range: true,
        charge_calculation_method: 'FLAT',
        currency: { name: 'Ethiopian Birr', name_code: 'ETB' },
      },
      gl_account: { name: 'Cash at bank' },
      created_at,
      in_force: true,
    },
  ],
  [
    'journal entry',
    journalEntrySchema,
    {
      id: id(7),
      journal_id: id(8),
      entry_type: 'DEBIT',
      amount: '1250.50',
      currency: { name_code: 'ETB' },
      gl_account: { id: id(5), name: 'Cash at bank', type: 'ASSET' },
      description: null,
      transaction_reference: 'TXN-1',
      posted_by: { id: id(9), name: 'Dawit Haile' },
      created_at,
    },
  ],
];

describe('response entities', () => {
  it.each(samples)('a %s parses as sent, inside a page', (_, schema, sample) => {
    expect(parseOk(schema, sample)).toEqual(sample);
    const page = { contents: [sample], total: 1, total_pages: 1 };
    expect(parseOk(pagedSchema(schema), page)).toEqual(page);
  });

  it.each(samples)('a %s with a float amount or a missing field is refused', (_, schema, sample) => {
    const [firstKey] = Object.keys(sample);
    const { [firstKey ?? 'id']: _dropped, ...missing } = sample;
    expect(issuesOf(schema, missing)).not.toEqual({});
    if ('amount' in sample) expect(issuesOf(schema, { ...sample, amount: 1.5 })).toHaveProperty('amount');
  });
});
