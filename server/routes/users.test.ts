import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { type Role, roleSchema } from '@contract/role';
import { USER_ERRORS, USER_MESSAGES, userSchema, userWithPasswordSchema } from '@contract/user';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { noPermissionToken } from '../test/ledger';
import { createPersonAs, createRoleAs, firstSignIn, STAFF_PASSWORD, sendJson, signIn } from '../test/staff';

const BASE = '/api/v1/users';
const listSchema = pagedSchema(userSchema);

async function builtInRoles(api: Parameters<typeof createRoleAs>[0], token: string) {
  const body = await readEnvelope(
    await api.call('/api/v1/roles?limit=100', { token }),
    pagedSchema(roleSchema),
  );
  return Object.fromEntries(body.data.contents.map((r) => [r.built_in ?? r.name, r])) as Record<string, Role>;
}

describeApi('staff users', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let nobody: string;
  let roles: Record<string, Role>;

  beforeAll(async () => {
    nobody = await noPermissionToken(api);
    roles = await builtInRoles(api, signed.admin);
  });

  describe('GET /users', () => {
    it('lists people newest first with roles, searches name and e-mail, filters status', async () => {
      const response = await api.call(`${BASE}?limit=100`, { token: signed.support });
      const body = await readEnvelope(response, listSchema);
      const admin = body.data.contents.find((u) => u.email === 'admin@example.com');
      expect(admin).toMatchObject({ status: 'ACTIVE', must_change_password: false });
      expect(admin?.roles.map((r) => r.name)).toEqual(['Admin']);
      expect(admin?.last_sign_in_at).not.toBeNull();

      const search = await readEnvelope(
        await api.call(`${BASE}?search_term=FINANCE@`, { token: signed.admin }),
        listSchema,
      );
      expect(search.data.contents.map((u) => u.email)).toEqual(['finance@example.com']);
      const byName = await readEnvelope(
        await api.call(`${BASE}?search_term=tigist`, { token: signed.admin }),
        listSchema,
      );
      expect(byName.data.contents.map((u) => u.email)).toEqual(['support@example.com']);
      const inactive = await readEnvelope(
        await api.call(`${BASE}?status=INACTIVE`, { token: signed.admin }),
        listSchema,
      );
      expect(inactive.data.contents.every((u) => u.status === 'INACTIVE')).toBe(true);
    });

    it('refuses 401 without a token, 403 without view-user, 400 for a bad status', async () => {
      await expectStatus(await api.call(BASE), 401);
      await expectStatus(await api.call(BASE, { token: signed.finance }), 403, API_ERRORS.forbidden);
      await expectStatus(
        await api.call(`${BASE}?status=GONE`, { token: signed.admin }),
        400,
        `status: ${API_ERRORS.queryEnum('status', ['ACTIVE', 'INACTIVE'])}`,
      );
    });
  });

  describe('POST /users and the first sign-in', () => {
    it('creates a person with a one-time password that must be replaced at first sign-in', async () => {
      const created = await createPersonAs(api, signed.admin, [roles.finance?.id ?? ''], 'Hana Girma');
      expect(created.user).toMatchObject({
        name: 'Hana Girma',
        status: 'ACTIVE',
        must_change_password: true,
      });
      expect(created.user.roles.map((r) => r.name)).toEqual(['Finance']);
      expect(created.one_time_password.length).toBeGreaterThanOrEqual(12);

      const first = await signIn(api, created.user.email, created.one_time_password);
      expect(first.response.status).toBe(200);
      const limited = first.body.data as { access_token: string; password_change_required?: boolean };
      expect(limited.password_change_required).toBe(true);
      // The one-time token holds no permission: only the password change.
      await expectStatus(await api.call('/api/v1/gl-accounts', { token: limited.access_token }), 403);

      const change = (body: unknown) =>
        sendJson(api, 'POST', '/api/v1/auth/password', body, limited.access_token);
      await expectStatus(
        await change({ current_password: created.one_time_password, new_password: 'too short' }),
        400,
        `new_password: ${USER_MESSAGES.newPassword}`,
      );
      await expectStatus(
        await change({ current_password: 'wrong one', new_password: STAFF_PASSWORD }),
        400,
        `current_password: ${USER_ERRORS.wrongPassword}`,
      );
      await expectStatus(
        await change({
          current_password: created.one_time_password,
          new_password: created.one_time_password,
        }),
        400,
        `new_password: ${USER_MESSAGES.samePassword}`,
      );
      const changed = await change({
        current_password: created.one_time_password,
        new_password: STAFF_PASSWORD,
      });
      const session = (await readEnvelope(changed)).data as {
        access_token: string;
        password_change_required?: boolean;
      };
      expect(changed.status).toBe(200);
      expect(session.password_change_required).toBeUndefined();
      expect((await api.call('/api/v1/gl-accounts', { token: session.access_token })).status).toBe(200);
      // The one-time token is signed out with the change.
      await expectStatus(
        await change({ current_password: STAFF_PASSWORD, new_password: 'another long one!' }),
        401,
      );
      // The one-time password no longer signs in; the chosen one does, without the flag.
      expect((await signIn(api, created.user.email, created.one_time_password)).response.status).toBe(401);
      const again = await signIn(api, created.user.email, STAFF_PASSWORD);
      expect(
        (again.body.data as { password_change_required?: boolean }).password_change_required,
      ).toBeUndefined();
      await expectStatus(await sendJson(api, 'POST', '/api/v1/auth/password', {}, ''), 401);
    });

    it('answers 400 naming the field, 409 for a taken e-mail, 403 without create-user', async () => {
      const send = (body: unknown, token = signed.admin) => sendJson(api, 'POST', BASE, body, token);
      const ok = { name: 'A', email: 'fresh.person@example.org', role_ids: [roles.support?.id] };
      await expectStatus(await send({ ...ok, name: ' ' }), 400, `name: ${USER_MESSAGES.name}`);
      await expectStatus(await send({ ...ok, email: 'not-an-email' }), 400, `email: ${USER_MESSAGES.email}`);
      await expectStatus(await send({ ...ok, role_ids: [] }), 400, `role_ids: ${USER_MESSAGES.roles}`);
      await expectStatus(
        await send({ ...ok, role_ids: ['11111111-1111-4111-8111-111111111111'] }),
        400,
        `role_ids: ${USER_ERRORS.unknownRole}`,
      );
      await expectStatus(
        await send({ ...ok, email: 'ADMIN@example.com' }),
        409,
        USER_ERRORS.emailTaken('admin@example.com'),
      );
      await expectStatus(await send(ok, signed.support), 403);
      await expectStatus(await send(ok, nobody), 403);
      expect(await api.database.db.select().from(users).where(eq(users.email, ok.email))).toEqual([]);
    });
  });

  describe('GET /users/{id}', () => {
    it('answers one person; 404 unknown, 400 malformed, 403 without view-user', async () => {
      const created = await createPersonAs(api, signed.admin, [roles.support?.id ?? '']);
      const body = await readEnvelope(
        await api.call(`${BASE}/${created.user.id}`, { token: signed.support }),
        userSchema,
      );
      expect(body.data).toEqual(created.user);
      await expectUnknownAndMalformedIds((id) => api.call(`${BASE}/${id}`, { token: signed.admin }), 'User');
      await expectStatus(await api.call(`${BASE}/${created.user.id}`, { token: signed.finance }), 403);
    });
  });

  describe('PUT /users/{id}', () => {
    it('replaces name and roles; a change of roles signs the person out, a rename does not', async () => {
      const created = await createPersonAs(api, signed.admin, [roles.finance?.id ?? '']);
      const token = await firstSignIn(api, created);
      const put = (body: unknown, t = signed.admin) =>
        sendJson(api, 'PUT', `${BASE}/${created.user.id}`, body, t);

      const renamed = await put({ name: 'Renamed Person', role_ids: [roles.finance?.id] });
      expect((await readEnvelope(renamed, userSchema)).data.name).toBe('Renamed Person');
      expect((await api.call('/api/v1/gl-accounts', { token })).status).toBe(200);

      const moved = await put({ name: 'Renamed Person', role_ids: [roles.support?.id] });
      expect((await readEnvelope(moved, userSchema)).data.roles.map((r) => r.name)).toEqual(['Support']);
      await expectStatus(await api.call('/api/v1/gl-accounts', { token }), 401, API_ERRORS.tokenRevoked);

      await expectStatus(
        await put({ name: '', role_ids: [roles.support?.id] }),
        400,
        `name: ${USER_MESSAGES.name}`,
      );
      await expectStatus(
        await put({ name: 'X', role_ids: ['nope'] }),
        400,
        `role_ids.0: ${USER_MESSAGES.roleId}`,
      );
      await expectStatus(await put({ name: 'X', role_ids: [roles.support?.id] }, signed.support), 403);
      await expectUnknownAndMalformedIds(
        (id) =>
          sendJson(api, 'PUT', `${BASE}/${id}`, { name: 'X', role_ids: [roles.support?.id] }, signed.admin),
        'User',
      );
    });
  });

  describe('POST /users/{id}?command=', () => {
    it('deactivating refuses sign-in and signs every session out at once; activating lets them back', async () => {
      const created = await createPersonAs(api, signed.admin, [roles.finance?.id ?? '']);
      const first = await firstSignIn(api, created);
      const second = (await signIn(api, created.user.email, STAFF_PASSWORD)).body.data as {
        access_token: string;
      };
      const command = (c: string, t = signed.admin) =>
        api.call(`${BASE}/${created.user.id}?command=${c}`, { method: 'POST', token: t });

      const off = await command('deactivate');
      expect((await readEnvelope(off, userSchema)).data.status).toBe('INACTIVE');
      for (const token of [first, second.access_token])
        await expectStatus(await api.call('/api/v1/gl-accounts', { token }), 401, API_ERRORS.tokenRevoked);
      const refused = await signIn(api, created.user.email, STAFF_PASSWORD);
      expect(refused.response.status).toBe(403);
      expect(refused.body.errorMessage).toBe(USER_ERRORS.deactivated);
      await expectStatus(await command('deactivate'), 409, USER_ERRORS.alreadyInStatus('INACTIVE'));

      expect((await readEnvelope(await command('activate'), userSchema)).data.status).toBe('ACTIVE');
      expect((await signIn(api, created.user.email, STAFF_PASSWORD)).response.status).toBe(200);

      await expectStatus(await command('pause'), 400);
      await expectStatus(await command('deactivate', signed.support), 403);
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}?command=deactivate`, { method: 'POST', token: signed.admin }),
        'User',
      );
    });
  });

  describe('POST /users/{id}/password-reset', () => {
    it('gives a new one-time password and signs the person out', async () => {
      const created = await createPersonAs(api, signed.admin, [roles.finance?.id ?? '']);
      const token = await firstSignIn(api, created);
      const response = await api.call(`${BASE}/${created.user.id}/password-reset`, {
        method: 'POST',
        token: signed.admin,
      });
      const body = await readEnvelope(response, userWithPasswordSchema);
      expect(body.data.user.must_change_password).toBe(true);
      await expectStatus(await api.call('/api/v1/gl-accounts', { token }), 401, API_ERRORS.tokenRevoked);
      expect((await signIn(api, created.user.email, STAFF_PASSWORD)).response.status).toBe(401);
      const next = await signIn(api, created.user.email, body.data.one_time_password);
      expect((next.body.data as { password_change_required?: boolean }).password_change_required).toBe(true);
      await expectStatus(
        await api.call(`${BASE}/${created.user.id}/password-reset`, {
          method: 'POST',
          token: signed.support,
        }),
        403,
      );
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}/password-reset`, { method: 'POST', token: signed.admin }),
        'User',
      );
    });
  });
});

describeApi('the last user administrator', { signIn: ['admin'] }, (api, signed) => {
  it('cannot be deactivated or lose update-user, through their roles or their role', async () => {
    const roles = await builtInRoles(api, signed.admin);
    const adminRow = (
      await api.database.db.select().from(users).where(eq(users.email, 'admin@example.com'))
    )[0];
    const adminId = adminRow?.id ?? '';

    await expectStatus(
      await api.call(`${BASE}/${adminId}?command=deactivate`, { method: 'POST', token: signed.admin }),
      409,
      USER_ERRORS.lastUserAdmin,
    );
    await expectStatus(
      await sendJson(
        api,
        'PUT',
        `${BASE}/${adminId}`,
        { name: 'Admin', role_ids: [roles.support?.id] },
        signed.admin,
      ),
      409,
      USER_ERRORS.lastUserAdmin,
    );

    // Moved to a custom role holding update-user: that role cannot drop it while they are the last.
    const keepers = await createRoleAs(api, signed.admin, 'User Keepers', [
      PERMISSIONS.viewUser.name,
      PERMISSIONS.createUser.name,
      PERMISSIONS.updateUser.name,
      PERMISSIONS.updateRole.name,
    ]);
    const moved = await sendJson(
      api,
      'PUT',
      `${BASE}/${adminId}`,
      { name: 'Admin', role_ids: [keepers.id] },
      signed.admin,
    );
    expect(moved.status).toBe(200);
    const fresh = (await signIn(api, 'admin@example.com', 'Admin123!')).body.data as { access_token: string };
    await expectStatus(
      await sendJson(
        api,
        'PUT',
        `/api/v1/roles/${keepers.id}`,
        { name: 'K', permissions: [PERMISSIONS.viewUser.name, PERMISSIONS.updateRole.name] },
        fresh.access_token,
      ),
      409,
      USER_ERRORS.lastUserAdmin,
    );

    // With a second active user administrator, the first may go.
    const second = await createPersonAs(api, fresh.access_token, [keepers.id]);
    const off = await api.call(`${BASE}/${adminId}?command=deactivate`, {
      method: 'POST',
      token: fresh.access_token,
    });
    expect((await readEnvelope(off, userSchema)).data.status).toBe('INACTIVE');
    // ...and then the second is the last.
    const secondToken = await firstSignIn(api, second);
    await expectStatus(
      await api.call(`${BASE}/${second.user.id}?command=deactivate`, { method: 'POST', token: secondToken }),
      409,
      USER_ERRORS.lastUserAdmin,
    );
  });
});
