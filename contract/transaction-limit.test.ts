import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { expectEmptyFormIssues, issuesOf, parseOk } from './test/helpers';
import {
  transactionLimitListSchema,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from './transaction-limit';

const m = VALIDATION.transactionLimit;
const payment_method_id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const valid = { min_amount: 100, max_amount: '50000', interval: 'DAILY', payment_method_id };

describe('transactionLimitPayloadSchema', () => {
  it('normalises amounts to decimal strings', () => {
    expect(parseOk(transactionLimitPayloadSchema, { ...valid, min_amount: '0100' })).toEqual({
      min_amount: '100',
      max_amount: '50000',
      interval: 'DAILY',
      payment_method_id,
    });
  });

  it('puts the spec message on max_amount when it is not above min_amount', () => {
    for (const max_amount of [100, '99']) {
      expect(issuesOf(transactionLimitPayloadSchema, { ...valid, max_amount })).toEqual({
        max_amount: [m.maxAmount],
      });
    }
  });

  it('compares amounts exactly beyond 2^53', () => {
    const big = { ...valid, min_amount: '9007199254740993', max_amount: '9007199254740992' };
    expect(issuesOf(transactionLimitPayloadSchema, big)).toEqual({ max_amount: [m.maxAmount] });
  });

  it.each([0, -1, 1.5, ''])('refuses min_amount %s as not a positive integer', (min_amount) => {
    expect(issuesOf(transactionLimitPayloadSchema, { ...valid, min_amount })).toEqual({
      min_amount: [m.minAmount],
    });
  });

  it('gives each rule’s message for an empty form', () => {
    const empty = { min_amount: '', max_amount: '', interval: null, payment_method_id: '' };
    expectEmptyFormIssues(transactionLimitPayloadSchema, empty, {
      min_amount: [m.minAmount],
      max_amount: [m.maxAmountInvalid],
      interval: [m.interval],
      payment_method_id: [m.paymentMethod],
    });
  });

  it('checks max against min on update too, ignoring a sent payment_method_id', () => {
    expect(parseOk(transactionLimitUpdatePayloadSchema, valid)).toEqual({
      min_amount: '100',
      max_amount: '50000',
      interval: 'DAILY',
    });
    expect(issuesOf(transactionLimitUpdatePayloadSchema, { ...valid, max_amount: 1 })).toEqual({
      max_amount: [m.maxAmount],
    });
  });
});

describe('transactionLimitListSchema', () => {
  it('is a plain array', () => {
    const limit = {
      id: '0b4c2c3e-5f7a-4f51-8d2a-2f0cf6d5b1a1',
      payment_method_id,
      min_amount: '1',
      max_amount: '10',
      interval: 'WEEKLY',
      status: 'ACTIVE',
      created_at: '2026-11-21T10:00:00.000Z',
    };
    expect(parseOk(transactionLimitListSchema, [limit])).toEqual([limit]);
    expect(issuesOf(transactionLimitListSchema, { contents: [limit] })).not.toEqual({});
  });
});
