/**
 * The Add Account Mapping modal loads payment methods, charges and GL accounts (spec §7, page 1,
 * limit 100). Those lists answer their own view permission OR create-account-mapping, so staff who
 * may add mappings (finance) can fill the form; nothing else about those resources opens up.
 */
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS, type Permission } from '@contract/permissions';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { describeApi, readEnvelope, tokenWithPermissions } from '../test/api';
import { expectStatus } from '../test/expect';
import { noPermissionToken } from '../test/ledger';

const anyPage = pagedSchema(v.object({ id: v.string() }));

const LISTS = [
  { path: '/api/v1/payment-methods', view: PERMISSIONS.viewPaymentMethod },
  { path: '/api/v1/charges', view: PERMISSIONS.viewCharge },
  { path: '/api/v1/gl-accounts', view: PERMISSIONS.viewGlAccount },
] as const;

describeApi('account mapping dropdown lists', (api) => {
  let signed = 0;

  async function tokenWith(permissions: readonly Permission[]) {
    signed += 1;
    const id = `00000000-0000-4000-8000-0000000001${String(signed).padStart(2, '0')}`;
    return tokenWithPermissions(
      api,
      { id, name: 'Dropdown Tester', handle: `dropdowns-${signed}` },
      permissions,
    );
  }

  async function status(path: string, token: string) {
    const response = await api.call(path, { token });
    const body = await readEnvelope(response);
    return { status: response.status, body };
  }

  it.each(LISTS)(
    'finance (create-account-mapping, not view) lists $path as the modal asks for it',
    async ({ path }) => {
      const finance = await api.tokenFor('finance');
      const response = await api.call(`${path}?page=1&limit=100`, { token: finance });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, anyPage);
      expect(data.total).toBeGreaterThan(0);
      expect(data.contents.length).toBe(Math.min(100, data.total));
    },
  );

  it.each(LISTS)(
    '$path answers 403 to a user with neither its view permission nor create-account-mapping',
    async ({ path }) => {
      const nobody = await noPermissionToken(api);
      const refused = await status(path, nobody);
      expect(refused.status).toBe(403);
      expect(refused.body.errorMessage).toBe(API_ERRORS.forbidden);
      // Another screen's view permission is not enough either.
      const other = await status(
        path,
        await tokenWith([PERMISSIONS.viewCurrency, PERMISSIONS.viewAccountMapping]),
      );
      expect(other.status).toBe(403);
      expect((await api.call(path)).status).toBe(401);
    },
  );

  it.each(LISTS)('$path still answers its own view permission alone', async ({ path, view }) => {
    expect((await status(path, await tokenWith([view]))).status).toBe(200);
  });

  it('create-account-mapping opens only the lists: not a detail, not a change', async () => {
    const mapper = await tokenWith([PERMISSIONS.createAccountMapping]);
    for (const { path } of LISTS) {
      const list = await api.call(`${path}?page=1&limit=1`, { token: mapper });
      const first = (await readEnvelope(list, anyPage)).data.contents[0];
      if (!first) throw new Error(`${path} is empty`);
      expect((await status(`${path}/${first.id}`, mapper)).status).toBe(403);
      const create = await api.call(path, { token: mapper, method: 'POST', body: '{}' });
      await expectStatus(create, 403);
    }
  });
});
