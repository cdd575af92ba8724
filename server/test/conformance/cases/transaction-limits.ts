import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { transactionLimitListSchema, transactionLimitSchema } from '@contract/transaction-limit';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, refusals } from './helpers';

const NOT_FOUND = API_ERRORS.notFound('Transaction limit');
const COMMAND = API_ERRORS.queryEnum('command', ['activate', 'deactivate']);
const DAILY = 'transaction-limits/{limit:VISA/DAILY}';
const limit = (body: Record<string, unknown>) => ({ payment_method_id: '{method:MASTERCARD}', ...body });
const overlap = (interval: string, min: string, max: string) =>
  CATALOG_ERRORS.limitOverlap(interval, min, max);

// Every change takes update-payment-method (spec §6 names none for limits; docs/spec-deviations.md 25).
const cases: ConformanceCase[] = [
  // POST transaction-limits
  ...refusals(
    {
      method: 'POST',
      path: 'transaction-limits',
      body: limit({ min_amount: 10, max_amount: 500, interval: 'WEEKLY' }),
    },
    'support',
  ),
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: limit({ min_amount: 10, max_amount: 10, interval: 'WEEKLY' }),
    },
    expect: { status: 400, message: `max_amount: ${VALIDATION.transactionLimit.maxAmount}` },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: limit({ min_amount: 10, max_amount: 500, interval: 'YEARLY' }),
    },
    expect: { status: 400, message: /^interval: / },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: { min_amount: 10, max_amount: 500, interval: 'WEEKLY', payment_method_id: UNKNOWN_ID },
    },
    expect: {
      status: 400,
      message: `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
    },
  },
  {
    name: 'an active limit of the same interval may not overlap',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: limit({ min_amount: 250000, max_amount: 300000, interval: 'DAILY' }),
    },
    expect: { status: 409, message: overlap('DAILY', '10', '250000') },
  },
  {
    name: 'the refused creates wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods/{method:MASTERCARD}/transaction-limits' },
    expect: { status: 200, data: transactionLimitListSchema, check: (data) => expect(data).toHaveLength(1) },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: limit({ min_amount: 10, max_amount: 500, interval: 'WEEKLY' }),
    },
    expect: {
      status: 201,
      data: transactionLimitSchema,
      match: {
        payment_method_id: '{method:MASTERCARD}',
        min_amount: '10',
        max_amount: '500',
        interval: 'WEEKLY',
        status: 'ACTIVE',
      },
    },
  },
  {
    name: 'listed after the older ones',
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods/{method:MASTERCARD}/transaction-limits' },
    expect: {
      status: 200,
      data: transactionLimitListSchema,
      check: (data) =>
        expect((data as { interval: string }[]).map((l) => l.interval)).toEqual(['DAILY', 'WEEKLY']),
    },
  },

  // PUT transaction-limits/{id}
  ...refusals(
    { method: 'PUT', path: DAILY, body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' } },
    'support',
  ),
  {
    role: 'admin',
    request: {
      method: 'PUT',
      path: 'transaction-limits/7',
      body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' },
    },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: {
      method: 'PUT',
      path: `transaction-limits/${UNKNOWN_ID}`,
      body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' },
    },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: DAILY, body: { min_amount: 5, max_amount: 1, interval: 'DAILY' } },
    expect: { status: 400, message: `max_amount: ${VALIDATION.transactionLimit.maxAmount}` },
  },
  {
    name: "moved onto another active limit's range",
    role: 'admin',
    request: {
      method: 'PUT',
      path: 'transaction-limits/{limit:TELEBIRR/DAILY}',
      body: { min_amount: 1, max_amount: 500, interval: 'WEEKLY' },
    },
    expect: { status: 409, message: overlap('WEEKLY', '1', '300000') },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: DAILY, body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' } },
    expect: {
      status: 200,
      data: transactionLimitSchema,
      match: {
        id: '{limit:VISA/DAILY}',
        min_amount: '5',
        max_amount: '900000',
        interval: 'DAILY',
        status: 'ACTIVE',
      },
    },
  },

  // POST transaction-limits/{id}?command=activate|deactivate
  ...refusals({ method: 'POST', path: DAILY, query: { command: 'deactivate' } }, 'support'),
  {
    role: 'admin',
    request: { method: 'POST', path: 'transaction-limits/7', query: { command: 'deactivate' } },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: DAILY, query: { command: 'pause' } },
    expect: { status: 400, message: `command: ${COMMAND}` },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: `transaction-limits/${UNKNOWN_ID}`, query: { command: 'deactivate' } },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: DAILY, query: { command: 'deactivate' } },
    expect: {
      status: 200,
      data: transactionLimitSchema,
      match: { id: '{limit:VISA/DAILY}', status: 'INACTIVE' },
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: DAILY, query: { command: 'deactivate' } },
    expect: { status: 409, message: CATALOG_ERRORS.alreadyInStatus('Transaction limit', 'INACTIVE') },
  },
  {
    name: 'an inactive limit is not compared',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits',
      body: { payment_method_id: '{method:VISA}', min_amount: 1, max_amount: 100, interval: 'DAILY' },
    },
    expect: { status: 201, data: transactionLimitSchema, match: { status: 'ACTIVE' } },
  },
  {
    name: 'activating it again would overlap the new one',
    role: 'admin',
    request: { method: 'POST', path: DAILY, query: { command: 'activate' } },
    expect: { status: 409, message: overlap('DAILY', '1', '100') },
  },
  {
    name: 'an inactive limit may move onto an active one',
    role: 'admin',
    request: { method: 'PUT', path: DAILY, body: { min_amount: 50, max_amount: 60, interval: 'DAILY' } },
    expect: { status: 200, data: transactionLimitSchema, match: { status: 'INACTIVE', min_amount: '50' } },
  },

  // DELETE transaction-limits/{id}: answers the deleted limit
  ...refusals({ method: 'DELETE', path: DAILY }, 'support'),
  {
    role: 'admin',
    request: { method: 'DELETE', path: 'transaction-limits/7' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: `transaction-limits/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: DAILY },
    expect: {
      status: 200,
      data: transactionLimitSchema,
      match: { id: '{limit:VISA/DAILY}', min_amount: '50', max_amount: '60' },
    },
  },
  { role: 'admin', request: { method: 'DELETE', path: DAILY }, expect: { status: 404, message: NOT_FOUND } },
];

export const transactionLimitCases: ResourceCases = { resource: 'transaction-limits', cases };
