import { changeEventSchema, HISTORY_SUBJECTS } from '@contract/change-history';
import { chargeSchema } from '@contract/charge';
import { currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { merchantDetailSchema } from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { changeHistoryOperations } from '@contract/operations/change-history';
import { PERMISSIONS } from '@contract/permissions';
import { transactionLimitSchema } from '@contract/transaction-limit';
import type { ConformanceCase, ResourceCases } from '../case';
import { etb } from './currencies';
import { refusalCases } from './helpers';
import { fails, listing, ok, rowsOf, table } from './table';

const page = pagedSchema(changeEventSchema);
const ETB = { subject: 'currency', subject_id: '{currency:ETB}' };
const admin = { id: '{user:admin}', name: 'Abebe Kebede' };

type Event = { subject: string; action: string };
const subjects = (data: unknown) => rowsOf<Event>(data).map((e) => `${e.subject} ${e.action}`);
const lists = listing(page, subjects);

const cases: ConformanceCase[] = [
  // GET change-history: the permission that reads the subject
  ...refusalCases(changeHistoryOperations.list, {
    query: ETB,
    refused: { permissions: [PERMISSIONS.viewPaymentMethod] },
  }),
  ...table([
    ['finance GET change-history', fails(403, API_ERRORS.forbidden), { query: ETB }],
    [
      'admin GET change-history',
      fails(400, `subject: ${API_ERRORS.queryEnum('subject', HISTORY_SUBJECTS)}`),
      { query: { ...ETB, subject: 'nope' } },
    ],
    [
      'admin GET change-history',
      fails(400, `subject_id: ${API_ERRORS.queryUuid('subject_id')}`),
      { query: { ...ETB, subject_id: 'x' } },
    ],
    [
      'admin GET change-history',
      fails(400, 'limit: limit must be an integer from 1 to 100'),
      { query: { ...ETB, limit: '500' } },
    ],
    [
      'support GET change-history',
      ok(page, { contents: [], total: 0 }),
      { name: 'the seed recorded nothing', query: ETB },
    ],
    [
      'admin PUT currencies/{currency:ETB}',
      ok(currencySchema),
      { name: 'an edit that changes nothing', body: etb },
    ],
    [
      'admin PUT currencies/{currency:ETB}',
      { status: 400 },
      { name: 'a refused edit', body: { ...etb, name: '' } },
    ],
    ['admin GET change-history', ok(page, { total: 0 }), { name: 'neither recorded anything', query: ETB }],
    ['admin PUT currencies/{currency:ETB}', ok(currencySchema), { body: { ...etb, name: 'Birr' } }],
    ['admin DELETE charges/{charge:Refund fee}', ok(chargeSchema)],
    [
      'admin GET change-history',
      ok(page, {
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
      }),
      {
        name: "a currency's history: its edits and its charges', newest first, and who made them",
        query: ETB,
      },
    ],
    [
      'GET change-history',
      lists(['currency UPDATE']),
      {
        name: 'without view-charge, the charges are left out',
        as: { permissions: [PERMISSIONS.viewCurrency] },
        query: ETB,
      },
    ],
    [
      'support GET change-history?subject=charge&subject_id={charge:Refund fee}',
      lists(['charge DELETE']),
      { name: "a deleted charge's own history stays readable" },
    ],
  ]),

  // A payment method's history includes its limits
  ...table([
    ['admin POST transaction-limits/{limit:CBE/DAILY}?command=deactivate', ok(transactionLimitSchema)],
    [
      'support GET change-history?subject=payment_method&subject_id={method:CBE}',
      ok(page, {
        contents: [
          {
            subject: 'transaction_limit',
            subject_id: '{limit:CBE/DAILY}',
            action: 'DEACTIVATE',
            changes: [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }],
          },
        ],
      }),
    ],
  ]),

  // A merchant's history is its status changes (view-merchant)
  ...table([
    ['admin PATCH merchants/{merchant:PENDING_VERIFICATION}?command=activate', ok(merchantDetailSchema)],
    [
      'finance GET change-history?subject=merchant&subject_id={merchant:PENDING_VERIFICATION}',
      fails(403, API_ERRORS.forbidden),
    ],
    [
      'support GET change-history?subject=merchant&subject_id={merchant:PENDING_VERIFICATION}',
      ok(page, { total: 1, contents: [{ subject: 'merchant', action: 'ACTIVATE', by: admin }] }),
    ],
  ]),
];

export const changeHistoryCases: ResourceCases = { resource: 'change-history', cases };
