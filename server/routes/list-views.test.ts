import {
  LIST_VIEW_ERRORS,
  LIST_VIEW_MESSAGES,
  listPreferenceSchema,
  listViewSchema,
} from '@contract/list-view';
import { API_ERRORS } from '@contract/messages';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeApi, readEnvelope } from '../test/api';
import { jsonCall } from '../test/catalog';

const PREFS = '/api/v1/list-preferences';
const VIEWS = '/api/v1/list-views';
const viewsSchema = v.array(listViewSchema);

const view = (overrides: Record<string, unknown> = {}) => ({
  list: 'transactions',
  name: 'Big failures',
  search: { status: 'failed', amountMin: '1000', sort: 'amount.desc', limit: 50 },
  columns: ['reference', 'amount', 'status'],
  ...overrides,
});

async function refused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const body = await readEnvelope(response);
  expect(body.errorMessage).toBe(message);
}

describeApi(
  'list preferences and saved views',
  { signIn: ['admin', 'support', 'finance'] },
  (api, signed) => {
    describe('preferences', () => {
      it('answers null until chosen, keeps the choice per person, and resets it', async () => {
        const empty = await api.call(`${PREFS}?list=transactions`, { token: signed.admin });
        expect((await readEnvelope(empty, listPreferenceSchema)).data).toEqual({
          list: 'transactions',
          columns: null,
        });

        const columns = ['amount', 'reference', 'status'];
        const put = await jsonCall(api, 'PUT', PREFS, signed.admin, { list: 'transactions', columns });
        expect((await readEnvelope(put, listPreferenceSchema)).data).toEqual({
          list: 'transactions',
          columns,
        });

        const again = await api.call(`${PREFS}?list=transactions`, { token: signed.admin });
        expect((await readEnvelope(again, listPreferenceSchema)).data.columns).toEqual(columns);
        // Another person and another list are untouched.
        const support = await api.call(`${PREFS}?list=transactions`, { token: signed.support });
        expect((await readEnvelope(support, listPreferenceSchema)).data.columns).toBeNull();
        const merchants = await api.call(`${PREFS}?list=merchants`, { token: signed.admin });
        expect((await readEnvelope(merchants, listPreferenceSchema)).data.columns).toBeNull();

        const reset = await api.call(`${PREFS}?list=transactions`, { method: 'DELETE', token: signed.admin });
        expect((await readEnvelope(reset, listPreferenceSchema)).data.columns).toBeNull();
        const after = await api.call(`${PREFS}?list=transactions`, { token: signed.admin });
        expect((await readEnvelope(after, listPreferenceSchema)).data.columns).toBeNull();
      });

      it('refuses an unknown list, unknown, repeated or missing required columns with 400 naming the field', async () => {
        await refused(
          await api.call(`${PREFS}?list=ledger`, { token: signed.admin }),
          400,
          `list: ${LIST_VIEW_MESSAGES.list}`,
        );
        await refused(
          await api.call(PREFS, { token: signed.admin }),
          400,
          `list: ${LIST_VIEW_MESSAGES.list}`,
        );
        const put = (columns: unknown) =>
          jsonCall(api, 'PUT', PREFS, signed.admin, { list: 'payouts', columns });
        await refused(
          await put(['code', 'secret']),
          400,
          `columns.1: ${LIST_VIEW_MESSAGES.unknownColumn('secret', 'payouts')}`,
        );
        await refused(
          await put(['code', 'code']),
          400,
          `columns.1: ${LIST_VIEW_MESSAGES.repeatedColumn('code')}`,
        );
        await refused(await put(['amount']), 400, `columns: ${LIST_VIEW_MESSAGES.requiredColumn('code')}`);
        await refused(await put('code'), 400, `columns: ${LIST_VIEW_MESSAGES.columns}`);
      });

      it('needs a token (401)', async () => {
        await refused(await api.call(`${PREFS}?list=transactions`), 401, API_ERRORS.unauthenticated);
        await refused(
          await jsonCall(api, 'PUT', PREFS, undefined, { list: 'transactions', columns: ['reference'] }),
          401,
          API_ERRORS.unauthenticated,
        );
      });
    });

    describe('saved views', () => {
      it('saves a view, lists it for its owner only while private, and another person cannot open it (404)', async () => {
        const created = await jsonCall(api, 'POST', VIEWS, signed.admin, view());
        expect(created.status).toBe(201);
        const { data } = await readEnvelope(created, listViewSchema);
        expect(data).toMatchObject({
          list: 'transactions',
          name: 'Big failures',
          search: { status: 'failed', amountMin: '1000', sort: 'amount.desc', limit: 50 },
          columns: ['reference', 'amount', 'status'],
          shared: false,
          mine: true,
          owner: { name: 'Abebe Kebede' },
        });

        const mine = await api.call(`${VIEWS}?list=transactions`, { token: signed.admin });
        expect((await readEnvelope(mine, viewsSchema)).data.map((x) => x.name)).toContain('Big failures');
        const theirs = await api.call(`${VIEWS}?list=transactions`, { token: signed.support });
        expect((await readEnvelope(theirs, viewsSchema)).data.map((x) => x.id)).not.toContain(data.id);

        await refused(
          await api.call(`${VIEWS}/${data.id}`, { token: signed.support }),
          404,
          LIST_VIEW_ERRORS.notFound,
        );
        await refused(
          await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.support, { name: 'Mine now' }),
          404,
          LIST_VIEW_ERRORS.notFound,
        );
        await refused(
          await api.call(`${VIEWS}/${data.id}`, { method: 'DELETE', token: signed.support }),
          404,
          LIST_VIEW_ERRORS.notFound,
        );
        const own = await api.call(`${VIEWS}/${data.id}`, { token: signed.admin });
        expect((await readEnvelope(own, listViewSchema)).data.id).toBe(data.id);
      });

      it('refuses a second view of the same name on the same list, whatever its case (409), not on another list', async () => {
        await jsonCall(api, 'POST', VIEWS, signed.finance, view({ name: 'Month end' }));
        await refused(
          await jsonCall(api, 'POST', VIEWS, signed.finance, view({ name: 'MONTH END' })),
          409,
          LIST_VIEW_ERRORS.duplicateName,
        );
        const payouts = await jsonCall(
          api,
          'POST',
          VIEWS,
          signed.finance,
          view({ list: 'payouts', name: 'Month end', columns: null, search: {} }),
        );
        expect(payouts.status).toBe(201);
        // Another person may use the same name.
        const other = await jsonCall(api, 'POST', VIEWS, signed.support, view({ name: 'Month end' }));
        expect(other.status).toBe(201);
      });

      it('refuses bad input with 400 naming the field', async () => {
        const post = (body: unknown) => jsonCall(api, 'POST', VIEWS, signed.admin, body);
        await refused(await post(view({ name: '  ' })), 400, `name: ${LIST_VIEW_MESSAGES.name}`);
        await refused(
          await post(view({ name: 'x'.repeat(101) })),
          400,
          'name: Name must be at most 100 characters',
        );
        await refused(await post(view({ list: 'ledger' })), 400, `list: ${LIST_VIEW_MESSAGES.list}`);
        await refused(
          await post(view({ search: { page: 3 } })),
          400,
          `search.page: ${LIST_VIEW_MESSAGES.unknownSearch('page', 'transactions')}`,
        );
        await refused(
          await post(view({ search: { status: { $ne: 1 } } })),
          400,
          `search.status: ${LIST_VIEW_MESSAGES.searchValue}`,
        );
        await refused(await post(view({ search: [] })), 400, `search: ${LIST_VIEW_MESSAGES.search}`);
        await refused(
          await post(view({ columns: ['amount'] })),
          400,
          `columns: ${LIST_VIEW_MESSAGES.requiredColumn('reference')}`,
        );
        await refused(await post(view({ shared: 'yes' })), 400, `shared: ${LIST_VIEW_MESSAGES.shared}`);
        await refused(
          await jsonCall(api, 'PATCH', `${VIEWS}/not-a-uuid`, signed.admin, { name: 'x' }),
          400,
          'id: id must be a UUID',
        );
        await refused(await jsonCall(api, 'POST', VIEWS, undefined, view()), 401, API_ERRORS.unauthenticated);
      });

      it('shares a view: others see and open it but cannot change or delete it (403); its owner renames and deletes it', async () => {
        const created = await jsonCall(
          api,
          'POST',
          VIEWS,
          signed.admin,
          view({
            list: 'merchants',
            name: 'Pending',
            search: { filter: 'pending' },
            columns: null,
            shared: true,
          }),
        );
        const { data } = await readEnvelope(created, listViewSchema);

        const theirs = await api.call(`${VIEWS}?list=merchants`, { token: signed.support });
        const listed = (await readEnvelope(theirs, viewsSchema)).data.find((x) => x.id === data.id);
        expect(listed).toMatchObject({ name: 'Pending', shared: true, mine: false });
        const opened = await api.call(`${VIEWS}/${data.id}`, { token: signed.support });
        expect((await readEnvelope(opened, listViewSchema)).data.search).toEqual({ filter: 'pending' });

        await refused(
          await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.support, { name: 'Hijacked' }),
          403,
          LIST_VIEW_ERRORS.notOwner,
        );
        await refused(
          await api.call(`${VIEWS}/${data.id}`, { method: 'DELETE', token: signed.support }),
          403,
          LIST_VIEW_ERRORS.notOwner,
        );

        const renamed = await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.admin, {
          name: 'Waiting merchants',
          shared: false,
        });
        expect((await readEnvelope(renamed, listViewSchema)).data).toMatchObject({
          name: 'Waiting merchants',
          shared: false,
          search: { filter: 'pending' },
        });
        await refused(
          await api.call(`${VIEWS}/${data.id}`, { token: signed.support }),
          404,
          LIST_VIEW_ERRORS.notFound,
        );
        await refused(
          await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.admin, { columns: ['logo'] }),
          400,
          `columns: ${LIST_VIEW_MESSAGES.requiredColumn('name')}`,
        );

        const removed = await api.call(`${VIEWS}/${data.id}`, { method: 'DELETE', token: signed.admin });
        expect((await readEnvelope(removed, listViewSchema)).data.id).toBe(data.id);
        await refused(
          await api.call(`${VIEWS}/${data.id}`, { token: signed.admin }),
          404,
          LIST_VIEW_ERRORS.notFound,
        );
      });

      it('refuses renaming onto another own view (409)', async () => {
        const a = await jsonCall(
          api,
          'POST',
          VIEWS,
          signed.admin,
          view({ list: 'payouts', name: 'A', columns: null, search: {} }),
        );
        await jsonCall(
          api,
          'POST',
          VIEWS,
          signed.admin,
          view({ list: 'payouts', name: 'B', columns: null, search: {} }),
        );
        const { data } = await readEnvelope(a, listViewSchema);
        await refused(
          await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.admin, { name: 'b' }),
          409,
          LIST_VIEW_ERRORS.duplicateName,
        );
        const same = await jsonCall(api, 'PATCH', `${VIEWS}/${data.id}`, signed.admin, { name: 'a' });
        expect((await readEnvelope(same, listViewSchema)).data.name).toBe('a');
      });
    });
  },
);
