/**
 * A person's column choices and saved views of the console's lists (ours, issue 24, decision 042;
 * docs/api.md "Columns and saved views"). Any signed-in member of staff keeps their own: no
 * permission is declared, the handlers scope every read and write to the token's subject.
 */
import * as v from 'valibot';
import {
  LIST_VIEW_ERRORS,
  listPreferencePayloadSchema,
  listPreferenceSchema,
  listQuerySchema,
  listViewCreatePayloadSchema,
  listViewSchema,
  listViewUpdatePayloadSchema,
} from '../list-view';
import { defineOperation } from './define';

const TAG = 'Columns and saved views';
const LIST_CHECKS =
  '`list` is one of the lists the server knows; column ids are that list’s (unknown or repeated ids are 400 ' +
  'naming `columns.N`, leaving out a column that names the row is 400 naming `columns`).';

export const listViewOperations = {
  preference: defineOperation({
    method: 'get',
    path: '/list-preferences',
    tag: TAG,
    summary: 'My columns of a list',
    description: 'The columns the caller shows on `list`, in order; `columns: null` when they never chose.',
    query: listQuerySchema,
    response: { data: listPreferenceSchema },
  }),
  savePreference: defineOperation({
    method: 'put',
    path: '/list-preferences',
    tag: TAG,
    summary: 'Keep my columns of a list',
    description: `The columns shown, in order; the rest are hidden. ${LIST_CHECKS}`,
    body: { schema: listPreferencePayloadSchema },
    response: { data: listPreferenceSchema },
  }),
  resetPreference: defineOperation({
    method: 'delete',
    path: '/list-preferences',
    tag: TAG,
    summary: 'Reset my columns of a list',
    description: 'Forgets the choice: the list shows its own columns again. Answers `columns: null`.',
    query: listQuerySchema,
    response: { data: listPreferenceSchema },
  }),
  list: defineOperation({
    method: 'get',
    path: '/list-views',
    tag: TAG,
    summary: 'Saved views of a list',
    description:
      'The caller’s views of `list` and those others shared with everyone, by name (`mine` tells them apart). ' +
      'Another person’s view that is not shared is never listed.',
    query: listQuerySchema,
    response: { data: v.array(listViewSchema) },
  }),
  create: defineOperation({
    method: 'post',
    path: '/list-views',
    tag: TAG,
    summary: 'Save a view',
    description:
      'A name (1 to 100 characters, unique among the caller’s views of the list, case-insensitive), the ' +
      'list’s search params to keep (`search.<key>` unknown to the list is 400), its columns or null, and ' +
      `whether everyone may use it (\`shared\`, false by default). ${LIST_CHECKS}`,
    body: { schema: listViewCreatePayloadSchema },
    response: { status: 201, data: listViewSchema },
    errors: { 409: `${LIST_VIEW_ERRORS.duplicateName}; or ${LIST_VIEW_ERRORS.tooMany}` },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/list-views/{id}',
    tag: TAG,
    summary: 'A saved view',
    description:
      'The caller’s own view or a shared one (what a `?view=<id>` link opens); another’s private view is 404.',
    response: { data: listViewSchema },
  }),
  update: defineOperation({
    method: 'patch',
    path: '/list-views/{id}',
    tag: TAG,
    summary: 'Rename, share or change a saved view',
    description:
      'Only its owner: another person’s shared view is 403, their private one 404. Fields left out stay. ' +
      LIST_CHECKS,
    body: { schema: listViewUpdatePayloadSchema },
    response: { data: listViewSchema },
    errors: { 403: LIST_VIEW_ERRORS.notOwner, 409: LIST_VIEW_ERRORS.duplicateName },
  }),
  remove: defineOperation({
    method: 'delete',
    path: '/list-views/{id}',
    tag: TAG,
    summary: 'Delete a saved view',
    description: 'Only its owner (another’s shared view 403, private one 404). Answers the deleted view.',
    response: { data: listViewSchema },
    errors: { 403: LIST_VIEW_ERRORS.notOwner },
  }),
} as const;
