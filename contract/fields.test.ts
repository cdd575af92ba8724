import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { moneyInput, numberToDecimal, queryEnum } from './fields';
import { VALIDATION } from './messages';
import { issuesOf, parseOk } from './test/helpers';

describe('moneyInput', () => {
  const amount = v.object({ amount: moneyInput('Amount', 'Amount must be a positive number') });

  it('normalises numbers and strings to exact decimal strings', () => {
    expect(parseOk(amount, { amount: 0.1 }).amount).toBe('0.1');
    expect(parseOk(amount, { amount: ' 007.50 ' }).amount).toBe('7.50');
    expect(parseOk(amount, { amount: 1e-6 }).amount).toBe('0.000001');
    expect(numberToDecimal(1e21)).toBe('1000000000000000000000');
  });

  it('refuses empty, negative, exponent and over-precise amounts', () => {
    for (const bad of ['', null, -1, '1e3', 'NaN', Number.NaN]) {
      expect(issuesOf(amount, { amount: bad })).toEqual({ amount: ['Amount must be a positive number'] });
    }
    expect(issuesOf(amount, { amount: '0.1234567' })).toEqual({
      amount: [VALIDATION.common.amountPrecision('Amount')],
    });
    expect(issuesOf(amount, { amount: 1e21 })).toEqual({
      amount: [VALIDATION.common.amountTooLarge('Amount')],
    });
  });

  it('takes a JSON number only when a double holds it exactly (at most 15 digits)', () => {
    const asString = { amount: [VALIDATION.common.amountAsString('Amount')] };
    // What JSON.parse makes of each text: the amount the sender wrote is no longer there.
    for (const text of ['12345678901234567.5', '100000000000000001', '1234567890123.456', '1e400']) {
      expect(issuesOf(amount, { amount: JSON.parse(text) }), text).toEqual(asString);
    }
    expect(issuesOf(amount, { amount: 1e15 })).toEqual(asString);
    // Sent as decimal strings, the same amounts are kept to the last digit.
    expect(parseOk(amount, { amount: '12345678901234567.5' }).amount).toBe('12345678901234567.5');
    expect(parseOk(amount, { amount: '100000000000000001' }).amount).toBe('100000000000000001');
    // Fifteen digits or fewer read back exactly as written.
    for (const text of ['999999999999999', '123456789.123456', '0.000001', '0.1', '100000000000000']) {
      expect(parseOk(amount, { amount: JSON.parse(text) }).amount, text).toBe(text);
    }
  });
});

describe('queryEnum', () => {
  it('treats empty as absent and names the field', () => {
    const q = v.object({ entry_type: queryEnum('entry_type', ['DEBIT', 'CREDIT']) });
    expect(parseOk(q, { entry_type: '' })).toEqual({ entry_type: undefined });
    expect(issuesOf(q, { entry_type: 'debit' })).toEqual({
      entry_type: ['entry_type must be one of DEBIT, CREDIT'],
    });
  });
});
