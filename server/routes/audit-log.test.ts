/**
 * The audit log through the real app (decision 031): every audited action leaves one record, in
 * its own transaction, with who, from where, what, on which resource, the outcome, before and after;
 * `GET audit-log` filters and pages it and `GET audit-log/export` sends the filtered log as CSV.
 */
import { type AuditRecord, auditPageSchema } from '@contract/audit-log';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import type { Role } from '@contract/role';
import { describe, expect, it } from 'vitest';
import { describeApi, insertMerchant, loginRequest, readEnvelope, tokenWithPermissions } from '../test/api';
import { expectStatus } from '../test/expect';
import { createPersonAs, createRoleAs, sendJson } from '../test/staff';
import { insertCollection, insertPayoutRequest } from '../test/transaction-fixtures';

const LOG = '/api/v1/audit-log';
const ADMIN = { name: 'Abebe Kebede', email: 'admin@example.com' };
const TEST_ADDRESS = '203.0.113.1';

describeApi('audit log', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  /** The records a query selects, newest first, as the admin reads them. */
  async function records(query: string): Promise<AuditRecord[]> {
    const body = await readEnvelope(
      await api.call(`${LOG}?limit=100&${query}`, { token: signed.admin }),
      auditPageSchema,
    );
    return body.data.contents;
  }
  const newest = async (query: string) => (await records(query))[0];

  describe('what is recorded', () => {
    it('a sign-in, a failed one (why, the e-mail tried), and a sign-out, with the address', async () => {
      const ok = await api.call(
        '/api/v1/auth/login',
        loginRequest('admin@example.com', 'Admin123!', '198.51.100.7'),
      );
      expect(ok.status).toBe(200);
      const token = ((await ok.json()) as { data: { access_token: string } }).data.access_token;
      expect(await newest('action=auth.sign-in&outcome=success')).toMatchObject({
        actor: ADMIN,
        address: '198.51.100.7',
        resource_type: 'user',
        outcome: 'success',
      });

      await api.call(
        '/api/v1/auth/login',
        loginRequest('admin@example.com', 'wrong password', '198.51.100.8'),
      );
      expect(await newest('action=auth.sign-in&outcome=failure')).toMatchObject({
        actor: ADMIN,
        address: '198.51.100.8',
        after: { reason: 'wrong-password' },
      });
      await api.call('/api/v1/auth/login', loginRequest('nobody@example.com', 'whatever', '198.51.100.9'));
      expect(await newest('action=auth.sign-in&outcome=failure')).toMatchObject({
        actor: null,
        address: '198.51.100.9',
        resource_id: 'nobody@example.com',
        after: { reason: 'unknown-user' },
      });

      expectStatus(await api.call('/api/v1/auth/logout', { method: 'POST', token }), 200);
      expect(await newest('action=auth.sign-out')).toMatchObject({ actor: ADMIN, outcome: 'success' });
    });

    it('user and role changes, with before and after and never a password', async () => {
      const role: Role = await createRoleAs(api, signed.admin, 'Audit clerks', [
        PERMISSIONS.viewMerchant.name,
      ]);
      expect(await newest(`resource_type=role&resource_id=${role.id}`)).toMatchObject({
        action: 'role.create',
        actor: ADMIN,
        address: TEST_ADDRESS,
        before: null,
        after: { name: 'Audit clerks', permissions: ['view-merchant'] },
      });
      await sendJson(
        api,
        'PUT',
        `/api/v1/roles/${role.id}`,
        { name: 'Audit clerks', permissions: ['view-merchant', 'view-transactions'] },
        signed.admin,
      );
      expect(await newest(`resource_id=${role.id}`)).toMatchObject({
        action: 'role.update',
        before: { permissions: ['view-merchant'] },
        after: { permissions: ['view-merchant', 'view-transactions'] },
      });

      const created = await createPersonAs(api, signed.admin, [role.id], 'Selam Audited');
      const id = created.user.id;
      expect(await newest(`resource_id=${id}`)).toMatchObject({
        action: 'user.create',
        before: null,
        after: {
          name: 'Selam Audited',
          status: 'ACTIVE',
          roles: ['Audit clerks'],
          must_change_password: true,
        },
      });
      await api.call(`/api/v1/users/${id}?command=deactivate`, { method: 'POST', token: signed.admin });
      expect(await newest(`resource_id=${id}`)).toMatchObject({
        action: 'user.deactivate',
        before: { status: 'ACTIVE' },
        after: { status: 'INACTIVE' },
      });
      await api.call(`/api/v1/users/${id}/password-reset`, { method: 'POST', token: signed.admin });
      await api.call(`/api/v1/users/${id}?command=activate`, { method: 'POST', token: signed.admin });
      await sendJson(
        api,
        'PUT',
        `/api/v1/users/${id}`,
        { name: 'Selam A.', role_ids: [role.id] },
        signed.admin,
      );
      const history = (await records(`resource_id=${id}`)).map((r) => r.action);
      expect(history).toEqual([
        'user.update',
        'user.activate',
        'user.password.reset',
        'user.deactivate',
        'user.create',
      ]);
      const text = JSON.stringify(await records(`resource_id=${id}`));
      expect(text).not.toContain(created.one_time_password);
      expect(text).not.toMatch(/argon2|password_hash/);

      // Moved to another role first, so the role is no longer held and can go.
      const other = await createRoleAs(api, signed.admin, 'Audit others', [PERMISSIONS.viewMerchant.name]);
      await sendJson(
        api,
        'PUT',
        `/api/v1/users/${id}`,
        { name: 'Selam A.', role_ids: [other.id] },
        signed.admin,
      );
      expectStatus(
        await api.call(`/api/v1/roles/${role.id}`, { method: 'DELETE', token: signed.admin }),
        200,
      );
      expect(await newest(`resource_id=${role.id}`)).toMatchObject({
        action: 'role.delete',
        before: { name: 'Audit clerks' },
        after: null,
      });
    });

    it('a refused change records nothing', async () => {
      const before = (await records('action=role')).length;
      const refused = await sendJson(
        api,
        'POST',
        '/api/v1/roles',
        { name: '', permissions: [] },
        signed.admin,
      );
      expect(refused.status).toBe(400);
      expect(await records('action=role')).toHaveLength(before);
    });

    it('a payout decision and a merchant status change', async () => {
      const date = new Date('2026-11-20T09:00:00Z');
      await insertCollection(api, { ref: 'IN-AUDIT', date, amount: '5000' });
      const payout = await insertPayoutRequest(api, {
        ref: 'PO-AUDIT',
        date,
        amount: '120.5',
        method: 'CBE',
      });
      const decided = await api.call(`/api/v1/payout/transactions/${payout}?command=approve`, {
        method: 'POST',
        token: signed.finance,
      });
      expect(decided.status).toBe(200);
      expect(await newest(`resource_id=${payout}`)).toMatchObject({
        action: 'payout.approve',
        actor: { name: 'Dawit Haile', email: 'finance@example.com' },
        address: TEST_ADDRESS,
        resource_type: 'payout',
        before: { status: 'PAY_OUT' },
        after: { status: 'SUCCESS', amount: '120.5', reference: 'PO-AUDIT' },
      });

      const merchant = await insertMerchant(api, { code: 'AUDIT-M', status: 'ACTIVE' });
      const changed = await api.call(`/api/v1/merchants/${merchant}?command=deactivate`, {
        method: 'PATCH',
        token: signed.admin,
      });
      expect(changed.status).toBe(200);
      expect(await newest(`resource_id=${merchant}`)).toMatchObject({
        action: 'merchant.deactivate',
        actor: ADMIN,
        before: { status: 'ACTIVE' },
        after: { status: 'INACTIVE' },
      });
    });

    it('a catalogue change, as the change history records it', async () => {
      const response = await sendJson(
        api,
        'POST',
        '/api/v1/gl-accounts',
        {
          name: 'Audit suspense',
          type: 'ASSET',
          manual_journal_entries_allowed: false,
          description: 'Audited',
        },
        signed.finance,
      );
      const { data } = (await response.json()) as { data: { id: string } };
      expect(response.status).toBe(201);
      expect(await newest(`resource_id=${data.id}`)).toMatchObject({
        action: 'gl-account.create',
        resource_type: 'gl-account',
        actor: { name: 'Dawit Haile', email: 'finance@example.com' },
        address: TEST_ADDRESS,
        before: null,
        after: { name: 'Audit suspense', type: 'ASSET' },
      });
    });
  });

  describe('GET /audit-log', () => {
    it('filters by person, action group, outcome and days, and pages newest first', async () => {
      const byFinance = await records('person=DAWIT');
      expect(byFinance.length).toBeGreaterThan(0);
      expect(byFinance.every((r) => r.actor?.name === 'Dawit Haile')).toBe(true);
      expect((await records('person=finance@example')).length).toBe(byFinance.length);
      const auth = await records('action=auth');
      expect(new Set(auth.map((r) => r.action))).toEqual(new Set(['auth.sign-in', 'auth.sign-out']));
      expect(await records('action=aut')).toEqual([]);
      expect((await records('outcome=failure')).every((r) => r.outcome === 'failure')).toBe(true);

      const today = api.clock().toISOString().slice(0, 10);
      const all = await records('');
      const ofToday = all.filter((r) => r.at.startsWith(today));
      expect((await records(`from=${today}&to=${today}`)).map((r) => r.id)).toEqual(ofToday.map((r) => r.id));
      expect(await records('from=2000-01-01&to=2000-01-02')).toEqual([]);
      expect(all.map((r) => r.at)).toEqual([...all.map((r) => r.at)].sort().reverse());
      expect(all.length).toBeGreaterThan(3);

      const page2 = await readEnvelope(
        await api.call(`${LOG}?limit=2&page=2`, { token: signed.admin }),
        auditPageSchema,
      );
      expect(page2.data.contents.map((r) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
      expect(page2.data.total).toBe(all.length);
    });

    it('answers 400 naming the field, 401 without a token, 403 without view-audit-log', async () => {
      const message = async (query: string) =>
        (
          (await (await api.call(`${LOG}?${query}`, { token: signed.admin })).json()) as {
            errorMessage: string;
          }
        ).errorMessage;
      expect(await message('from=2026-02-30')).toBe(`from: ${API_ERRORS.queryDate('from')}`);
      expect(await message('from=2026-11-21&to=2026-11-01')).toBe(API_ERRORS.dateRange);
      expect(await message('outcome=maybe')).toMatch(/^outcome: /);
      expect(await message('limit=500')).toMatch(/^limit: /);
      expectStatus(await api.call(LOG), 401);
      expectStatus(await api.call(LOG, { token: signed.support }), 403);
      expectStatus(await api.call(LOG, { token: signed.finance }), 403);
      const auditor = await tokenWithPermissions(
        api,
        { id: '00000000-0000-4000-8000-0000000a0d17', name: 'Auditor', handle: 'auditor' },
        [PERMISSIONS.viewAuditLog],
      );
      expectStatus(await api.call(LOG, { token: auditor }), 200);
    });
  });

  describe('GET /audit-log/export', () => {
    it('sends the filtered log as CSV, every page; refuses bad filters and callers as the list does', async () => {
      const response = await api.call(`${LOG}/export?action=role&page=9&limit=1`, { token: signed.admin });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = (await response.text()).split('\r\n');
      const roles = await records('action=role');
      expect(lines[0]).toBe(
        'ID,Time (UTC),Person,E-mail,Person ID,Address,Action,Resource type,Resource ID,Outcome,Before,After',
      );
      expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(roles.map((r) => r.id));
      expect(lines[1]).toContain(',role.delete,role,');

      expectStatus(await api.call(`${LOG}/export?to=2026-13-01`, { token: signed.admin }), 400);
      expectStatus(await api.call(`${LOG}/export`), 401);
      expectStatus(await api.call(`${LOG}/export`, { token: signed.support }), 403);
    });
  });
});
