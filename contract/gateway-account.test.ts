import { describe, expect, it } from 'vitest';
import { activationCommandQuerySchema } from './fields';
import {
  gatewayAccountCommandBodySchema,
  gatewayAccountCreateFormSchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountUpdatePayloadSchema,
} from './gateway-account';
import { VALIDATION } from './messages';
import { expectEmptyFormIssues, issuesOf, parseOk } from './test/helpers';

const m = VALIDATION.gatewayAccount;
const payment_method_id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const valid = { code: ' TB-001 ', payment_method_id, account_number: '0911234567', routing_code: 'TELEBIRR' };

describe('gatewayAccountCreatePayloadSchema', () => {
  it('keeps the account number as digits with its leading zero, ignoring the spec’s id and name', () => {
    expect(parseOk(gatewayAccountCreatePayloadSchema, { ...valid, id: '', name: 'x' })).toEqual({
      code: 'TB-001',
      payment_method_id,
      account_number: '0911234567',
      routing_code: 'TELEBIRR',
    });
  });

  it('keeps account numbers longer than a double holds', () => {
    const long = '10002003004005006007';
    expect(
      parseOk(gatewayAccountCreatePayloadSchema, { ...valid, account_number: long }).account_number,
    ).toBe(long);
  });

  it('gives each rule’s message for an empty form', () => {
    const empty = { code: '', payment_method_id: null, account_number: '', routing_code: '' };
    expectEmptyFormIssues(gatewayAccountCreatePayloadSchema, empty, {
      code: [m.code],
      payment_method_id: [m.paymentMethod],
      account_number: [m.accountNumberRequired],
      routing_code: [m.routingCode],
    });
  });

  it.each(['0', '000', '12a4', '-5', '1.5', 12.5])(
    'refuses account number %s as not a positive integer',
    (n) => {
      expect(issuesOf(gatewayAccountCreatePayloadSchema, { ...valid, account_number: n })).toEqual({
        account_number: [m.accountNumberPositive],
      });
    },
  );
});

describe('gatewayAccountUpdatePayloadSchema', () => {
  it('requires the account number', () => {
    expect(issuesOf(gatewayAccountUpdatePayloadSchema, { ...valid, account_number: ' ' })).toEqual({
      account_number: [m.accountNumberRequired],
    });
  });

  it('keeps a number of another length than the method asks, leading zeros included', () => {
    expect(
      parseOk(gatewayAccountUpdatePayloadSchema, { ...valid, account_number: '0042' }).account_number,
    ).toBe('0042');
  });

  // Never weaker than the create, nor than the `^\d+$` the OpenAPI document publishes for both.
  it.each(['ACC 12/3', 'abc', '-5', 'NaN', '1,000', '1e5', '0', 12.5, 1e300, 'x'.repeat(35)])(
    'refuses account number %s, as the create does',
    (n) => {
      const refused = { account_number: [m.accountNumberPositive] };
      expect(issuesOf(gatewayAccountUpdatePayloadSchema, { ...valid, account_number: n })).toEqual(refused);
      expect(issuesOf(gatewayAccountCreatePayloadSchema, { ...valid, account_number: n })).toEqual(refused);
    },
  );

  it('refuses control characters in the code and routing code', () => {
    expect(
      issuesOf(gatewayAccountUpdatePayloadSchema, { ...valid, code: 'A\u0000B', routing_code: 'R\tX' }),
    ).toEqual({
      code: [VALIDATION.common.controlCharacters('Code')],
      routing_code: [VALIDATION.common.controlCharacters('Routing Code')],
    });
  });
});

describe('gateway account command', () => {
  it('takes activate or deactivate and ignores the isActive body', () => {
    expect(parseOk(activationCommandQuerySchema, { command: 'deactivate' })).toEqual({
      command: 'deactivate',
    });
    expect(issuesOf(activationCommandQuerySchema, { command: 'delete' })).toEqual({
      command: ['command must be one of activate, deactivate'],
    });
    expect(parseOk(gatewayAccountCommandBodySchema, { isActive: true })).toEqual({ isActive: true });
    expect(parseOk(gatewayAccountCommandBodySchema, undefined)).toBeUndefined();
  });
});

describe('gatewayAccountCreateFormSchema', () => {
  const schema = gatewayAccountCreateFormSchema((id) => (id === payment_method_id ? 10 : undefined));

  it('holds the number to the chosen method’s length, on account_number', () => {
    expect(issuesOf(schema, { ...valid, account_number: '091123' })).toEqual({
      account_number: [m.accountNumberLength(10)],
    });
    expect(parseOk(schema, valid).account_number).toBe('0911234567');
  });

  it('asks the length even while another field is still missing', () => {
    expect(issuesOf(schema, { ...valid, code: '', account_number: '091123' })).toEqual({
      code: [m.code],
      account_number: [m.accountNumberLength(10)],
    });
  });

  it('leaves the length to the server when the method is not known', () => {
    const other = '7c9e6679-7425-40de-944b-e07fc1f90ae8';
    expect(parseOk(schema, { ...valid, payment_method_id: other, account_number: '1' }).account_number).toBe(
      '1',
    );
  });
});
