import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { BUILT_IN_ROLES, ROLE_ERRORS, ROLE_MESSAGES, type Role, roleSchema } from '@contract/role';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { noPermissionToken } from '../test/ledger';
import { createPersonAs, createRoleAs, firstSignIn, STAFF_PASSWORD, sendJson, signIn } from '../test/staff';

const BASE = '/api/v1/roles';
const listSchema = pagedSchema(roleSchema);
const names = (ps: readonly { name: string }[]) => ps.map((p) => p.name);

describeApi('roles', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let nobody: string;
  let builtIn: Record<string, Role>;

  beforeAll(async () => {
    nobody = await noPermissionToken(api);
    const response = await api.call(`${BASE}?limit=100`, { token: signed.admin });
    const body = await readEnvelope(response, listSchema);
    builtIn = Object.fromEntries(
      body.data.contents.filter((r) => r.built_in !== null).map((r) => [r.built_in, r]),
    );
  });

  describe('GET /roles', () => {
    it('answers the built-in roles first with the demo sets and one holder each', async () => {
      const response = await api.call(`${BASE}?limit=100`, { token: signed.admin });
      const body = await readEnvelope(response, listSchema);
      expect(response.status).toBe(200);
      expect(body.data.contents.slice(0, 3).map((r) => [r.name, r.built_in, r.user_count])).toEqual([
        ['Admin', 'admin', 1],
        ['Finance', 'finance', 1],
        ['Support', 'support', 1],
      ]);
      expect(builtIn.admin?.permissions).toEqual(names(BUILT_IN_ROLES.admin.permissions));
      expect(builtIn.admin?.permissions).toContain(PERMISSIONS.updateUser.name);
      expect(builtIn.finance?.permissions).toEqual(names(BUILT_IN_ROLES.finance.permissions));
    });

    it('searches names case-insensitively and pages', async () => {
      await createRoleAs(api, signed.admin, 'Search Me Role', [PERMISSIONS.viewCurrency.name]);
      const response = await api.call(`${BASE}?search_term=sEaRcH%20me`, { token: signed.support });
      const body = await readEnvelope(response, listSchema);
      expect(body.data.contents.map((r) => r.name)).toEqual(['Search Me Role']);
      const paged = await readEnvelope(
        await api.call(`${BASE}?limit=1&page=2`, { token: signed.admin }),
        listSchema,
      );
      expect(paged.data.contents.map((r) => r.name)).toEqual(['Finance']);
      expect(paged.data.total_pages).toBe(paged.data.total);
    });

    it('refuses no token with 401, a token without view-role with 403 and a bad limit with 400', async () => {
      await expectStatus(await api.call(BASE), 401);
      await expectStatus(await api.call(BASE, { token: signed.finance }), 403, API_ERRORS.forbidden);
      await expectStatus(await api.call(BASE, { token: nobody }), 403);
      await expectStatus(await api.call(`${BASE}?limit=0`, { token: signed.admin }), 400);
    });
  });

  describe('GET /roles/{id}', () => {
    it('answers one role, 404 for an unknown id and 400 for a malformed one', async () => {
      const response = await api.call(`${BASE}/${builtIn.support?.id}`, { token: signed.admin });
      expect((await readEnvelope(response, roleSchema)).data.name).toBe('Support');
      await expectUnknownAndMalformedIds((id) => api.call(`${BASE}/${id}`, { token: signed.admin }), 'Role');
    });
  });

  describe('POST /roles', () => {
    it('creates a custom role with its permissions in the matrix order, duplicates dropped', async () => {
      const role = await createRoleAs(api, signed.admin, '  Auditors ', [
        PERMISSIONS.viewJournalEntry.name,
        PERMISSIONS.viewMerchant.name,
        PERMISSIONS.viewMerchant.name,
      ]);
      expect(role).toMatchObject({ name: 'Auditors', built_in: null, user_count: 0 });
      expect(role.permissions).toEqual([PERMISSIONS.viewMerchant.name, PERMISSIONS.viewJournalEntry.name]);
    });

    it('answers 400 naming the field, 409 for a taken name (any case), 403 without update-role', async () => {
      const send = (body: unknown, token = signed.admin) => sendJson(api, 'POST', BASE, body, token);
      await expectStatus(await send({ name: '', permissions: [] }), 400, `name: ${ROLE_MESSAGES.name}`);
      await expectStatus(
        await send({ name: 'X', permissions: ['fly-to-the-moon'] }),
        400,
        `permissions: ${ROLE_MESSAGES.unknownPermission}`,
      );
      await expectStatus(await send({ name: 'X' }), 400, `permissions: ${ROLE_MESSAGES.permissions}`);
      await expectStatus(await send({ name: 'admin', permissions: [] }), 409, ROLE_ERRORS.nameTaken('admin'));
      await expectStatus(await send({ name: 'Y', permissions: [] }, signed.support), 403);
      await expectStatus(await api.call(BASE, { method: 'POST' }), 401);
    });
  });

  describe('PUT /roles/{id}', () => {
    it('replaces a custom role; refuses a built-in one with 409 and an unknown one with 404', async () => {
      const role = await createRoleAs(api, signed.admin, 'Renamed Later', []);
      const response = await sendJson(
        api,
        'PUT',
        `${BASE}/${role.id}`,
        { name: 'Renamed', permissions: [PERMISSIONS.viewCurrency.name] },
        signed.admin,
      );
      expect((await readEnvelope(response, roleSchema)).data).toMatchObject({
        name: 'Renamed',
        permissions: [PERMISSIONS.viewCurrency.name],
      });
      await expectStatus(
        await sendJson(
          api,
          'PUT',
          `${BASE}/${builtIn.support?.id}`,
          { name: 'S', permissions: [] },
          signed.admin,
        ),
        409,
        ROLE_ERRORS.builtIn,
      );
      await expectUnknownAndMalformedIds(
        (id) => sendJson(api, 'PUT', `${BASE}/${id}`, { name: 'S', permissions: [] }, signed.admin),
        'Role',
      );
      await expectStatus(
        await sendJson(api, 'PUT', `${BASE}/${role.id}`, { name: 'S', permissions: [] }, signed.support),
        403,
      );
    });
  });

  describe('DELETE /roles/{id}', () => {
    it('deletes a role nobody holds; refuses a held one and a built-in one with 409', async () => {
      const free = await createRoleAs(api, signed.admin, 'Short Lived', []);
      const response = await api.call(`${BASE}/${free.id}`, { method: 'DELETE', token: signed.admin });
      expect((await readEnvelope(response, roleSchema)).data.id).toBe(free.id);
      expect(await api.database.db.select().from(roles).where(eq(roles.id, free.id))).toEqual([]);

      const held = await createRoleAs(api, signed.admin, 'Held Role', []);
      await createPersonAs(api, signed.admin, [held.id]);
      await expectStatus(
        await api.call(`${BASE}/${held.id}`, { method: 'DELETE', token: signed.admin }),
        409,
        ROLE_ERRORS.inUse(1),
      );
      await expectStatus(
        await api.call(`${BASE}/${builtIn.finance?.id}`, { method: 'DELETE', token: signed.admin }),
        409,
        ROLE_ERRORS.builtIn,
      );
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}`, { method: 'DELETE', token: signed.admin }),
        'Role',
      );
      await expectStatus(
        await api.call(`${BASE}/${held.id}`, { method: 'DELETE', token: signed.support }),
        403,
      );
    });
  });

  describe('roles and tokens (decision 025)', () => {
    it("builds the token's resource_access from the person's roles at sign-in", async () => {
      const a = await createRoleAs(api, signed.admin, 'Token Role A', [PERMISSIONS.viewGlAccount.name]);
      const b = await createRoleAs(api, signed.admin, 'Token Role B', [
        PERMISSIONS.viewGlAccount.name,
        PERMISSIONS.viewCurrency.name,
      ]);
      const person = await createPersonAs(api, signed.admin, [a.id, b.id]);
      const token = await firstSignIn(api, person);
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        resource_access: unknown;
      };
      expect(claims.resource_access).toEqual({
        currency: { roles: ['view-currency'] },
        'gl-account': { roles: ['view-gl-account'] },
      });
    });

    it("a change of a role's permissions refuses its holders' tokens at their next call", async () => {
      const role = await createRoleAs(api, signed.admin, 'Ledger Readers', [PERMISSIONS.viewGlAccount.name]);
      const person = await createPersonAs(api, signed.admin, [role.id]);
      const token = await firstSignIn(api, person);
      expect((await api.call('/api/v1/gl-accounts', { token })).status).toBe(200);

      // A rename alone changes no permission: the session stays.
      const rename = { name: 'Ledger Readers 2', permissions: [PERMISSIONS.viewGlAccount.name] };
      expect((await sendJson(api, 'PUT', `${BASE}/${role.id}`, rename, signed.admin)).status).toBe(200);
      expect((await api.call('/api/v1/gl-accounts', { token })).status).toBe(200);

      const change = { name: 'Currency Readers', permissions: [PERMISSIONS.viewCurrency.name] };
      expect((await sendJson(api, 'PUT', `${BASE}/${role.id}`, change, signed.admin)).status).toBe(200);
      await expectStatus(await api.call('/api/v1/gl-accounts', { token }), 401, API_ERRORS.tokenRevoked);

      const again = await signIn(api, person.user.email, STAFF_PASSWORD);
      const fresh = (again.body.data as { access_token: string }).access_token;
      expect((await api.call('/api/v1/gl-accounts', { token: fresh })).status).toBe(403);
      expect((await api.call('/api/v1/currencies', { token: fresh })).status).toBe(200);
    });
  });
});
