import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { pagedSchema } from '@contract/envelope';
import {
  MERCHANT_COMMANDS,
  MERCHANT_STATUSES,
  type Merchant,
  type MerchantCommand,
  type MerchantStatus,
  merchantAccountsSchema,
  merchantDetailSchema,
  merchantSchema,
} from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantStatusChanges, merchants, users } from '../db/schema';
import type { DemoUserKey } from '../db/seed/demo-users';
import { transition } from '../domain/merchant-status';
import { describeApi, insertMerchant, readEnvelope } from '../test/api';
import { expectStatus } from '../test/expect';

const BASE = '/api/v1/merchants';
const listSchema = pagedSchema(merchantSchema);
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

/** The fixture set: known statuses and creation times so every list expectation is computed here. */
const STATUS_CYCLE: MerchantStatus[] = ['ACTIVE', 'PENDING', 'PENDING_VERIFICATION', 'INACTIVE', 'DELETED'];
const PLAIN_COUNT = 23;

describeApi('merchants', { signIn: ['admin'] }, (api, signed, kind) => {
  /** Every fixture, newest first (the API's order). */
  const expected: { id: string; status: MerchantStatus; createdAt: Date }[] = [];
  let withDetails: string;
  let withoutBusiness: string;

  async function add(fixture: Parameters<typeof insertMerchant>[1]) {
    const createdAt = fixture.createdAt ?? new Date(Date.UTC(2025, 0, 1) + expected.length * 3600_000);
    const id = await insertMerchant(api, { ...fixture, createdAt });
    expected.push({ id, status: fixture.status ?? 'PENDING', createdAt });
    return id;
  }

  beforeAll(async () => {
    for (let i = 0; i < PLAIN_COUNT; i++) {
      await add({ code: `MX${String(i).padStart(4, '0')}`, status: STATUS_CYCLE[i % STATUS_CYCLE.length] });
    }
    // Search targets: each field once, and look-alikes for the escaping of % and _.
    await add({ code: 'SRCH-NAME', name: 'Abay 100% Coffee', status: 'ACTIVE' });
    await add({ code: 'SRCH-PCT', name: 'Abay 1000 Coffee', status: 'ACTIVE' });
    await add({ code: 'ZZ_CODE', name: 'Underscore Ltd', status: 'INACTIVE' });
    await add({ code: 'ZZXCODE', name: 'Lookalike Ltd', status: 'INACTIVE' });
    await add({ code: 'SRCH-PHONE', phone: '+251911777000', status: 'PENDING' });
    await add({ code: 'SRCH-MAIL', email: 'Lookup.Person@Example.com', status: 'PENDING_VERIFICATION' });
    // Two merchants created at the same instant: the id breaks the tie.
    const tie = new Date(Date.UTC(2024, 5, 1));
    await add({ code: 'TIE-A', createdAt: tie });
    await add({ code: 'TIE-B', createdAt: tie });
    withDetails = await add({
      code: 'DETAIL',
      status: 'ACTIVE',
      compliance: true,
      contact: true,
      accounts: api.catalog.paymentMethods.slice(0, 2).map((m) => m.id),
    });
    withoutBusiness = await add({ code: 'NO-BUSINESS', name: null });
    expected.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  });

  async function list(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    return { response, body: await readEnvelope(response, listSchema) };
  }

  describe('GET /merchants', () => {
    it('answers the first page newest first, with total and total_pages', async () => {
      const { response, body } = await list('');
      expect(response.status).toBe(200);
      expect(body.data.total).toBe(expected.length);
      expect(body.data.total_pages).toBe(Math.ceil(expected.length / 10));
      expect(body.data.contents.map((m) => m.id)).toEqual(expected.slice(0, 10).map((m) => m.id));
    });

    it('pages through everything exactly once, and answers an empty page beyond the end', async () => {
      const seen: string[] = [];
      const pages = Math.ceil(expected.length / 7);
      for (let page = 1; page <= pages; page++) {
        const { body } = await list(`?limit=7&page=${page}`);
        expect(body.data.total_pages).toBe(pages);
        seen.push(...body.data.contents.map((m) => m.id));
      }
      expect(seen).toEqual(expected.map((m) => m.id));
      const beyond = await list(`?limit=7&page=${pages + 1}`);
      expect(beyond.response.status).toBe(200);
      expect(beyond.body.data).toEqual({ contents: [], total: expected.length, total_pages: pages });
    });

    it('refuses limits and pages out of bounds, naming the field', async () => {
      for (const limit of ['0', '101', 'abc', '-1', '1.5', '']) {
        const { response, body } = await list(`?limit=${limit}`);
        expect(response.status).toBe(400);
        expect(body.errorMessage).toBe('limit: limit must be an integer from 1 to 100');
      }
      const { response, body } = await list('?page=0');
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe('page: page must be a positive integer');
      expect((await list('?limit=100')).response.status).toBe(200);
    });

    it('filters by status; empty means all', async () => {
      for (const status of ['ACTIVE', 'PENDING', 'PENDING_VERIFICATION', 'INACTIVE'] as const) {
        const { body } = await list(`?status=${status}&limit=100`);
        const ids = expected.filter((m) => m.status === status).map((m) => m.id);
        expect(body.data.total).toBe(ids.length);
        expect(body.data.contents.map((m) => m.id)).toEqual(ids);
      }
      expect((await list('?status=')).body.data.total).toBe(expected.length);
      for (const bad of ['DELETED', 'active', 'NOPE']) {
        const { response, body } = await list(`?status=${bad}`);
        expect(response.status).toBe(400);
        expect(body.errorMessage).toMatch(/^status: /);
      }
    });

    it('searches name, code, phone and e-mail, case-insensitively', async () => {
      const codes = async (query: string) =>
        (await list(`?limit=100&search_term=${encodeURIComponent(query)}`)).body.data.contents.map(
          (m) => m.merchant_code,
        );
      expect(await codes('aBaY 100')).toEqual(['SRCH-PCT', 'SRCH-NAME']);
      expect(await codes('srch-ph')).toEqual(['SRCH-PHONE']);
      expect(await codes('911777')).toEqual(['SRCH-PHONE']);
      expect(await codes('lookup.person@')).toEqual(['SRCH-MAIL']);
      expect(await codes('  detail ')).toEqual(['DETAIL']);
      expect(await codes('no such merchant')).toEqual([]);
    });

    it('matches % and _ literally', async () => {
      const codes = async (query: string) =>
        (await list(`?search_term=${encodeURIComponent(query)}`)).body.data.contents.map(
          (m) => m.merchant_code,
        );
      expect(await codes('100%')).toEqual(['SRCH-NAME']);
      expect(await codes('ZZ_C')).toEqual(['ZZ_CODE']);
      expect(await codes('%')).toEqual(['SRCH-NAME']);
    });

    it('combines search and status', async () => {
      const { body } = await list('?search_term=abay&status=ACTIVE');
      expect(body.data.total).toBe(2);
      expect((await list('?search_term=abay&status=INACTIVE')).body.data.total).toBe(0);
    });
  });

  describe('GET /merchants/{id}', () => {
    it('answers the merchant with its compliance and contact person', async () => {
      const response = await api.call(`${BASE}/${withDetails}`, { token: signed.admin });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, merchantSchema);
      expect(data).toMatchObject({
        id: withDetails,
        merchant_code: 'DETAIL',
        status: 'ACTIVE',
        business_detail: { name: 'Business DETAIL', website: 'https://example.com', logo: null },
        compliance: {
          business_name: 'Legal DETAIL',
          tin_certification: '/api/v1/files/documents/DETAIL/tin.pdf',
          trade_license: ['/api/v1/files/documents/DETAIL/license-1.pdf'],
          moa: null,
          address: { city: 'Addis Ababa', kebele: '07', state: null, house_number: null, wereda: null },
        },
        contact_person: { first_name: 'Hana', last_name: 'Tesfaye', type: 'Passport', document: null },
      });
      // The list carries exactly the same shape.
      const inList = (await list('?search_term=DETAIL')).body.data.contents[0];
      expect(inList).toEqual(data);
    });

    it('answers null sections for a merchant without business detail, compliance or contact', async () => {
      const { data } = await readEnvelope(
        await api.call(`${BASE}/${withoutBusiness}`, { token: signed.admin }),
        merchantSchema,
      );
      expect(data).toMatchObject({ business_detail: null, compliance: null, contact_person: null });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await api.call(`${BASE}/${UNKNOWN_ID}`, { token: signed.admin });
      await expectStatus(unknown, 404, API_ERRORS.notFound('Merchant'));
      const malformed = await api.call(`${BASE}/not-a-uuid`, { token: signed.admin });
      await expectStatus(malformed, 400, 'id: id must be a UUID');
    });
  });

  describe('GET /merchants/{id}/accounts', () => {
    it('answers the accounts with their payment method', async () => {
      const response = await api.call(`${BASE}/${withDetails}/accounts`, { token: signed.admin });
      const { data } = await readEnvelope(response, merchantAccountsSchema);
      expect(data.is_empty).toBe(false);
      expect(data.contents).toHaveLength(2);
      const names = api.catalog.paymentMethods.slice(0, 2).map((m) => m.name);
      expect(data.contents.map((a) => a.payment_method.name).sort()).toEqual([...names].sort());
      expect(data.contents.every((a) => a.status === 'Success')).toBe(true);
    });

    it('answers is_empty for a merchant without accounts, 404 for an unknown one', async () => {
      const { data } = await readEnvelope(
        await api.call(`${BASE}/${withoutBusiness}/accounts`, { token: signed.admin }),
        merchantAccountsSchema,
      );
      expect(data).toEqual({ is_empty: true, contents: [] });
      const unknown = await api.call(`${BASE}/${UNKNOWN_ID}/accounts`, { token: signed.admin });
      await expectStatus(unknown, 404);
    });
  });

  describe('PATCH /merchants/{id}?command=', () => {
    async function patch(id: string, command: string, token = signed.admin) {
      const response = await api.call(`${BASE}/${id}?command=${command}`, { method: 'PATCH', token });
      return { response, body: await readEnvelope(response) };
    }

    async function statusInDb(id: string) {
      const [row] = await api.database.db
        .select({ status: merchants.status })
        .from(merchants)
        .where(eq(merchants.id, id));
      return row?.status;
    }

    /** The recorded status changes of a merchant, oldest first. */
    async function changesOf(id: string) {
      return api.database.db
        .select({
          from: merchantStatusChanges.fromStatus,
          to: merchantStatusChanges.toStatus,
          by: merchantStatusChanges.changedByName,
        })
        .from(merchantStatusChanges)
        .where(eq(merchantStatusChanges.merchantId, id))
        .orderBy(asc(merchantStatusChanges.id));
    }

    let sequence = 0;
    const freshMerchant = (status: MerchantStatus) =>
      insertMerchant(api, { code: `SM-${kind}-${++sequence}`, status });

    for (const status of MERCHANT_STATUSES) {
      for (const command of MERCHANT_COMMANDS) {
        const target = transition(status, command);
        it(`${status} + ${command} -> ${target ?? '409, unchanged'}`, async () => {
          const id = await freshMerchant(status);
          const { response, body } = await patch(id, command);
          if (target) {
            expect(response.status).toBe(200);
            expect((body.data as Merchant).status).toBe(target);
            expect((body.data as Merchant).id).toBe(id);
            expect(await statusInDb(id)).toBe(target);
            expect(await changesOf(id)).toEqual([{ from: status, to: target, by: DEMO_ACCOUNTS.admin.name }]);
          } else {
            expect(response.status).toBe(409);
            expect(body.errorMessage).toBe(API_ERRORS.merchantCommand(command, status));
            expect(await statusInDb(id)).toBe(status);
            expect(await changesOf(id)).toEqual([]);
          }
        });
      }
    }

    it('names the last status change in the detail and the answer: from, to, when and by whom', async () => {
      const id = await freshMerchant('PENDING_VERIFICATION');
      const detail = async () =>
        (await readEnvelope(await api.call(`${BASE}/${id}`, { token: signed.admin }), merchantDetailSchema))
          .data;
      expect((await detail()).status_change).toBeNull();
      const [adminUser] = await api.database.db
        .select()
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
      if (!adminUser) throw new Error('the signed.admin user is missing');

      const activated = v.parse(merchantDetailSchema, (await patch(id, 'activate')).body.data);
      const first = {
        from: 'PENDING_VERIFICATION',
        to: 'ACTIVE',
        at: api.clock().toISOString(),
        by: { id: adminUser.id, name: adminUser.name },
      };
      expect(activated.status_change).toEqual(first);
      expect((await detail()).status_change).toEqual(first);
      api.clock.advance(60_000);
      await patch(id, 'deactivate');
      expect((await detail()).status_change).toEqual({
        ...first,
        from: 'ACTIVE',
        to: 'INACTIVE',
        at: api.clock().toISOString(),
      });
      // A refused command records nothing.
      expect((await patch(id, 'deactivate')).response.status).toBe(409);
      expect(await changesOf(id)).toHaveLength(2);
    });

    it('refuses a missing or unknown command, an unknown id and a malformed id', async () => {
      const id = await freshMerchant('INACTIVE');
      for (const command of ['', 'approve', 'ACTIVATE']) {
        const { response, body } = await patch(id, command);
        expect(response.status).toBe(400);
        expect(body.errorMessage).toBe('command: command must be activate or deactivate');
      }
      const noQuery = await api.call(`${BASE}/${id}`, { method: 'PATCH', token: signed.admin });
      await expectStatus(noQuery, 400);
      expect(await statusInDb(id)).toBe('INACTIVE');
      expect((await patch(UNKNOWN_ID, 'activate')).response.status).toBe(404);
      expect((await patch('nope', 'activate')).response.status).toBe(400);
    });

    /** True when some serial order of the commands gives these outcomes and this final status. */
    function serialisable(
      start: MerchantStatus,
      commands: MerchantCommand[],
      applied: boolean[],
      final: MerchantStatus,
    ) {
      const permutations = (items: number[]): number[][] =>
        items.length <= 1
          ? [items]
          : items.flatMap((x, i) =>
              permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]),
            );
      return permutations(commands.map((_, i) => i)).some((order) => {
        let status = start;
        const outcome: boolean[] = [];
        for (const i of order) {
          const next = transition(status, commands[i] as MerchantCommand);
          outcome[i] = next !== null;
          if (next) status = next;
        }
        return status === final && outcome.every((ok, i) => ok === applied[i]);
      });
    }

    it('applies concurrent commands on one merchant as some serial order would', async () => {
      const cases: [MerchantStatus, MerchantCommand[]][] = [
        ['INACTIVE', ['activate', 'activate']],
        ['ACTIVE', ['deactivate', 'deactivate', 'deactivate']],
        ['PENDING_VERIFICATION', ['activate', 'deactivate']],
        ['ACTIVE', ['activate', 'deactivate']],
        ['PENDING_VERIFICATION', ['activate', 'activate', 'deactivate', 'deactivate']],
        ['PENDING', ['activate', 'deactivate']],
      ];
      for (let round = 0; round < 3; round++) {
        for (const [start, commands] of cases) {
          const id = await freshMerchant(start);
          const results = await Promise.all(commands.map((command) => patch(id, command)));
          for (const { response } of results) expect([200, 409]).toContain(response.status);
          const applied = results.map(({ response }) => response.status === 200);
          const final = (await statusInDb(id)) as MerchantStatus;
          expect(
            serialisable(start, commands, applied, final),
            `${start} ${commands} -> ${applied} ${final}`,
          ).toBe(true);
          // One record per applied command, chained: each starts where the one before ended.
          const changes = await changesOf(id);
          expect(changes).toHaveLength(applied.filter(Boolean).length);
          if (changes.length > 0) {
            expect(changes.map((c) => c.from)).toEqual([start, ...changes.slice(0, -1).map((c) => c.to)]);
            expect(changes.at(-1)?.to).toBe(final);
          }
        }
      }
      // Two identical commands can never both apply.
      const id = await freshMerchant('INACTIVE');
      const twice = await Promise.all([patch(id, 'activate'), patch(id, 'activate')]);
      expect(twice.map(({ response }) => response.status).sort()).toEqual([200, 409]);
    });
  });

  describe('permissions', () => {
    let permissionSequence = 0;
    /** `setup` makes the call's target before anything is compared; `run` makes the call only. */
    const calls: {
      name: string;
      setup?: () => Promise<string>;
      run: (token: string | undefined, target: string) => Promise<Response>;
      allowed: DemoUserKey[];
    }[] = [
      { name: 'GET /merchants', run: (token) => api.call(BASE, { token }), allowed: ['admin', 'support'] },
      {
        name: 'GET /merchants/{id}',
        run: (token) => api.call(`${BASE}/${withDetails}`, { token }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'GET /merchants/{id}/accounts',
        run: (token) => api.call(`${BASE}/${withDetails}/accounts`, { token }),
        allowed: ['admin'],
      },
      {
        name: 'PATCH /merchants/{id}',
        setup: () =>
          insertMerchant(api, { code: `PERM-${kind}-${++permissionSequence}`, status: 'INACTIVE' }),
        run: (token, id) => api.call(`${BASE}/${id}?command=activate`, { method: 'PATCH', token }),
        allowed: ['admin'],
      },
    ];
    async function storedMerchant(id: string) {
      const [row] = await api.database.db.select().from(merchants).where(eq(merchants.id, id));
      return row;
    }

    async function refused(call: (typeof calls)[number], token: string | undefined, status: 401 | 403) {
      const target = (await call.setup?.()) ?? '';
      const before = target ? await storedMerchant(target) : undefined;
      const response = await call.run(token, target);
      expect(response.status).toBe(status);
      const body = await readEnvelope(response);
      if (status === 403) expect(body.errorMessage).toBe(API_ERRORS.forbidden);
      if (target) {
        expect(before?.status).toBe('INACTIVE');
        expect(await storedMerchant(target)).toEqual(before);
      }
    }

    for (const call of calls) {
      for (const user of ['admin', 'support', 'finance'] as const) {
        const allowed = call.allowed.includes(user);
        it(`${call.name} as ${user} -> ${allowed ? 200 : 403}`, async () => {
          const token = await api.tokenFor(user);
          if (!allowed) return refused(call, token, 403);
          const target = (await call.setup?.()) ?? '';
          const response = await call.run(token, target);
          await expectStatus(response, 200);
          if (target) expect((await storedMerchant(target))?.status).toBe('ACTIVE');
        });
      }
      it(`${call.name} without a token -> 401`, () => refused(call, undefined, 401));
    }

    it('checks the permission before validating the request', async () => {
      const response = await api.call(`${BASE}?limit=0`, { token: await api.tokenFor('finance') });
      await expectStatus(response, 403);
    });
  });
});
