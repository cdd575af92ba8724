import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { transactionLimitOperations } from '@contract/operations/transaction-limits';
import { transactionLimitListSchema, transactionLimitSchema } from '@contract/transaction-limit';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { refusals, unknownCommandCases, unknownIdCases } from './helpers';
import { fails, ID_NOT_UUID, made, ok, table } from './table';

const NOT_FOUND = API_ERRORS.notFound('Transaction limit');
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
  ...table([
    [
      'admin POST transaction-limits',
      fails(400, `max_amount: ${VALIDATION.transactionLimit.maxAmount}`),
      { body: limit({ min_amount: 10, max_amount: 10, interval: 'WEEKLY' }) },
    ],
    [
      'admin POST transaction-limits',
      fails(400, /^interval: /),
      { body: limit({ min_amount: 10, max_amount: 500, interval: 'YEARLY' }) },
    ],
    [
      'admin POST transaction-limits',
      fails(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`),
      { body: { min_amount: 10, max_amount: 500, interval: 'WEEKLY', payment_method_id: UNKNOWN_ID } },
    ],
    [
      'admin POST transaction-limits',
      fails(409, overlap('DAILY', '10', '250000')),
      {
        name: 'an active limit of the same interval may not overlap',
        body: limit({ min_amount: 250000, max_amount: 300000, interval: 'DAILY' }),
      },
    ],
    [
      'admin GET payment-methods/{method:MASTERCARD}/transaction-limits',
      ok(transactionLimitListSchema, null, (data) => expect(data).toHaveLength(1)),
      { name: 'the refused creates wrote nothing' },
    ],
    [
      'admin POST transaction-limits',
      made(transactionLimitSchema, {
        payment_method_id: '{method:MASTERCARD}',
        min_amount: '10',
        max_amount: '500',
        interval: 'WEEKLY',
        status: 'ACTIVE',
      }),
      { body: limit({ min_amount: 10, max_amount: 500, interval: 'WEEKLY' }) },
    ],
    [
      'admin GET payment-methods/{method:MASTERCARD}/transaction-limits',
      ok(transactionLimitListSchema, null, (data) =>
        expect((data as { interval: string }[]).map((l) => l.interval)).toEqual(['DAILY', 'WEEKLY']),
      ),
      { name: 'listed after the older ones' },
    ],
  ]),

  // PUT transaction-limits/{id}
  ...refusals(
    { method: 'PUT', path: DAILY, body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' } },
    'support',
  ),
  ...table([
    [
      'admin PUT transaction-limits/7',
      fails(400, ID_NOT_UUID),
      { body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' } },
    ],
  ]),
  ...unknownIdCases(transactionLimitOperations.update, {
    body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' },
    message: NOT_FOUND,
  }),
  ...table([
    [
      `admin PUT ${DAILY}`,
      fails(400, `max_amount: ${VALIDATION.transactionLimit.maxAmount}`),
      { body: { min_amount: 5, max_amount: 1, interval: 'DAILY' } },
    ],
    [
      'admin PUT transaction-limits/{limit:TELEBIRR/DAILY}',
      fails(409, overlap('WEEKLY', '1', '300000')),
      {
        name: "moved onto another active limit's range",
        body: { min_amount: 1, max_amount: 500, interval: 'WEEKLY' },
      },
    ],
    [
      `admin PUT ${DAILY}`,
      ok(transactionLimitSchema, {
        id: '{limit:VISA/DAILY}',
        min_amount: '5',
        max_amount: '900000',
        interval: 'DAILY',
        status: 'ACTIVE',
      }),
      { body: { min_amount: 5, max_amount: 900000, interval: 'DAILY' } },
    ],
  ]),

  // POST transaction-limits/{id}?command=activate|deactivate
  ...refusals({ method: 'POST', path: DAILY, query: { command: 'deactivate' } }, 'support'),
  ...table([['admin POST transaction-limits/7?command=deactivate', fails(400, ID_NOT_UUID)]]),
  ...unknownCommandCases(transactionLimitOperations.command, { at: DAILY, command: 'pause' }),
  ...unknownIdCases(transactionLimitOperations.command, {
    query: { command: 'deactivate' },
    message: NOT_FOUND,
  }),
  ...table([
    [
      `admin POST ${DAILY}?command=deactivate`,
      ok(transactionLimitSchema, { id: '{limit:VISA/DAILY}', status: 'INACTIVE' }),
    ],
    [
      `admin POST ${DAILY}?command=deactivate`,
      fails(409, CATALOG_ERRORS.alreadyInStatus('Transaction limit', 'INACTIVE')),
    ],
    [
      'admin POST transaction-limits',
      made(transactionLimitSchema, { status: 'ACTIVE' }),
      {
        name: 'an inactive limit is not compared',
        body: { payment_method_id: '{method:VISA}', min_amount: 1, max_amount: 100, interval: 'DAILY' },
      },
    ],
    [
      `admin POST ${DAILY}?command=activate`,
      fails(409, overlap('DAILY', '1', '100')),
      { name: 'activating it again would overlap the new one' },
    ],
    [
      `admin PUT ${DAILY}`,
      ok(transactionLimitSchema, { status: 'INACTIVE', min_amount: '50' }),
      {
        name: 'an inactive limit may move onto an active one',
        body: { min_amount: 50, max_amount: 60, interval: 'DAILY' },
      },
    ],
  ]),

  // DELETE transaction-limits/{id}: answers the deleted limit
  ...refusals({ method: 'DELETE', path: DAILY }, 'support'),
  ...table([['admin DELETE transaction-limits/7', fails(400, ID_NOT_UUID)]]),
  ...unknownIdCases(transactionLimitOperations.remove, { message: NOT_FOUND }),
  ...table([
    [
      `admin DELETE ${DAILY}`,
      ok(transactionLimitSchema, { id: '{limit:VISA/DAILY}', min_amount: '50', max_amount: '60' }),
    ],
  ]),
  { role: 'admin', request: { method: 'DELETE', path: DAILY }, expect: { status: 404, message: NOT_FOUND } },
];

export const transactionLimitCases: ResourceCases = { resource: 'transaction-limits', cases };
