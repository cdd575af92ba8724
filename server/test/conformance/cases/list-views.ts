/** Columns and saved views (issue 24, decision 042): every signed-in person's own, on both sides. */
import {
  LIST_VIEW_ERRORS,
  LIST_VIEW_MESSAGES,
  listPreferenceSchema,
  listViewSchema,
} from '@contract/list-view';
import { API_ERRORS } from '@contract/messages';
import * as v from 'valibot';
import type { ResourceCases } from '../case';
import { UNKNOWN_ID } from '../case';
import { fails, listing, made, ok, table } from './table';

const views = listing(v.array(listViewSchema), (data) => (data as { name: string }[]).map((x) => x.name));
const view = {
  list: 'transactions',
  name: 'Failed by amount',
  search: { status: 'failed', sort: 'amount.desc' },
  columns: ['reference', 'amount', 'status'],
  shared: true,
};

export const listViewCases: ResourceCases = {
  resource: 'list-views',
  cases: table([
    ['none GET list-preferences?list=transactions', fails(401, API_ERRORS.unauthenticated)],
    ['support GET list-preferences?list=ledger', fails(400, `list: ${LIST_VIEW_MESSAGES.list}`)],
    ['support GET list-preferences?list=transactions', ok(listPreferenceSchema, { columns: null })],
    [
      'support PUT list-preferences',
      ok(listPreferenceSchema, { list: 'payouts', columns: ['code', 'amount'] }),
      { body: { list: 'payouts', columns: ['code', 'amount'] } },
    ],
    ['support GET list-preferences?list=payouts', ok(listPreferenceSchema, { columns: ['code', 'amount'] })],
    [
      'support PUT list-preferences',
      fails(400, `columns: ${LIST_VIEW_MESSAGES.requiredColumn('code')}`),
      { body: { list: 'payouts', columns: ['amount'] } },
    ],
    [
      'support PUT list-preferences',
      fails(400, `columns.1: ${LIST_VIEW_MESSAGES.unknownColumn('fee', 'payouts')}`),
      { body: { list: 'payouts', columns: ['code', 'fee'] } },
    ],
    ['support DELETE list-preferences?list=payouts', ok(listPreferenceSchema, { columns: null })],
    ['admin GET list-views?list=transactions', views([])],
    ['admin POST list-views', made(listViewSchema, { ...view, mine: true }), { body: view }],
    [
      'admin POST list-views',
      fails(409, LIST_VIEW_ERRORS.duplicateName),
      { body: { ...view, name: 'FAILED BY AMOUNT' } },
    ],
    [
      'admin POST list-views',
      fails(400, `search.page: ${LIST_VIEW_MESSAGES.unknownSearch('page', 'transactions')}`),
      { body: { ...view, name: 'Paged', search: { page: 2 } } },
    ],
    [
      'admin POST list-views',
      fails(400, `name: ${LIST_VIEW_MESSAGES.name}`),
      { body: { ...view, name: ' ' } },
    ],
    [
      'support GET list-views?list=transactions',
      views(['Failed by amount'], [{ shared: true, mine: false }]),
      { name: 'a shared view is listed for everyone' },
    ],
    ['support GET list-views?list=merchants', views([])],
    [`admin GET list-views/${UNKNOWN_ID}`, fails(404, LIST_VIEW_ERRORS.notFound)],
    [`admin PATCH list-views/${UNKNOWN_ID}`, fails(404, LIST_VIEW_ERRORS.notFound), { body: { name: 'x' } }],
    [`admin DELETE list-views/${UNKNOWN_ID}`, fails(404, LIST_VIEW_ERRORS.notFound)],
  ]),
};
