import { changeEventSchema, HISTORY_SUBJECTS } from '@contract/change-history';
import { chargeSchema } from '@contract/charge';
import { currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { merchantDetailSchema } from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { transactionLimitSchema } from '@contract/transaction-limit';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusals, rowsOf } from './helpers';

const page = pagedSchema(changeEventSchema);
const ETB = { subject: 'currency', subject_id: '{currency:ETB}' };
const etb = {
  name: 'Ethiopian Birr',
  decimal_places: 2,
  in_multiples_of: '0.05',
  display_symbol: 'Br',
  name_code: 'ETB',
};
const admin = { id: '{user:admin}', name: 'Abebe Kebede' };

type Event = { subject: string; action: string };
const subjects = (data: unknown) => rowsOf<Event>(data).map((e) => `${e.subject} ${e.action}`);

const cases: ConformanceCase[] = [
  // GET change-history: the permission that reads the subject
  ...refusals(
    { method: 'GET', path: 'change-history', query: ETB },
    { permissions: [PERMISSIONS.viewPaymentMethod] },
  ),
  {
    role: 'finance',
    request: { method: 'GET', path: 'change-history', query: ETB },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'change-history', query: { ...ETB, subject: 'nope' } },
    expect: { status: 400, message: `subject: ${API_ERRORS.queryEnum('subject', HISTORY_SUBJECTS)}` },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'change-history', query: { ...ETB, subject_id: 'x' } },
    expect: { status: 400, message: `subject_id: ${API_ERRORS.queryUuid('subject_id')}` },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'change-history', query: { ...ETB, limit: '500' } },
    expect: { status: 400, message: 'limit: limit must be an integer from 1 to 100' },
  },
  {
    name: 'the seed recorded nothing',
    role: 'support',
    request: { method: 'GET', path: 'change-history', query: ETB },
    expect: { status: 200, data: page, match: { contents: [], total: 0 } },
  },
  {
    name: 'an edit that changes nothing',
    role: 'admin',
    request: { method: 'PUT', path: 'currencies/{currency:ETB}', body: etb },
    expect: { status: 200, data: currencySchema },
  },
  {
    name: 'a refused edit',
    role: 'admin',
    request: { method: 'PUT', path: 'currencies/{currency:ETB}', body: { ...etb, name: '' } },
    expect: { status: 400 },
  },
  {
    name: 'neither recorded anything',
    role: 'admin',
    request: { method: 'GET', path: 'change-history', query: ETB },
    expect: { status: 200, data: page, match: { total: 0 } },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: 'currencies/{currency:ETB}', body: { ...etb, name: 'Birr' } },
    expect: { status: 200, data: currencySchema },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: 'charges/{charge:Refund fee}' },
    expect: { status: 200, data: chargeSchema },
  },
  {
    name: "a currency's history: its edits and its charges', newest first, and who made them",
    role: 'admin',
    request: { method: 'GET', path: 'change-history', query: ETB },
    expect: {
      status: 200,
      data: page,
      match: {
        total: 2,
        contents: [
          { subject: 'charge', subject_id: '{charge:Refund fee}', action: 'DELETE', by: admin },
          {
            subject: 'currency',
            subject_id: '{currency:ETB}',
            action: 'UPDATE',
            by: admin,
            changes: [{ field: 'name', from: 'Ethiopian Birr', to: 'Birr' }],
          },
        ],
      },
    },
  },
  {
    name: 'without view-charge, the charges are left out',
    role: { permissions: [PERMISSIONS.viewCurrency] },
    request: { method: 'GET', path: 'change-history', query: ETB },
    expect: { status: 200, data: page, check: (data) => expect(subjects(data)).toEqual(['currency UPDATE']) },
  },
  {
    name: "a deleted charge's own history stays readable",
    role: 'support',
    request: {
      method: 'GET',
      path: 'change-history',
      query: { subject: 'charge', subject_id: '{charge:Refund fee}' },
    },
    expect: { status: 200, data: page, check: (data) => expect(subjects(data)).toEqual(['charge DELETE']) },
  },

  // A payment method's history includes its limits
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'transaction-limits/{limit:CBE/DAILY}',
      query: { command: 'deactivate' },
    },
    expect: { status: 200, data: transactionLimitSchema },
  },
  {
    role: 'support',
    request: {
      method: 'GET',
      path: 'change-history',
      query: { subject: 'payment_method', subject_id: '{method:CBE}' },
    },
    expect: {
      status: 200,
      data: page,
      match: {
        contents: [
          {
            subject: 'transaction_limit',
            subject_id: '{limit:CBE/DAILY}',
            action: 'DEACTIVATE',
            changes: [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }],
          },
        ],
      },
    },
  },

  // A merchant's history is its status changes (view-merchant)
  {
    role: 'admin',
    request: {
      method: 'PATCH',
      path: 'merchants/{merchant:PENDING_VERIFICATION}',
      query: { command: 'activate' },
    },
    expect: { status: 200, data: merchantDetailSchema },
  },
  {
    role: 'finance',
    request: {
      method: 'GET',
      path: 'change-history',
      query: { subject: 'merchant', subject_id: '{merchant:PENDING_VERIFICATION}' },
    },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'support',
    request: {
      method: 'GET',
      path: 'change-history',
      query: { subject: 'merchant', subject_id: '{merchant:PENDING_VERIFICATION}' },
    },
    expect: {
      status: 200,
      data: page,
      match: { total: 1, contents: [{ subject: 'merchant', action: 'ACTIVATE', by: admin }] },
    },
  },
];

export const changeHistoryCases: ResourceCases = { resource: 'change-history', cases };
