import { pagedSchema } from '@contract/envelope';
import { type GlAccount, glAccountSchema } from '@contract/gl-account';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { glAccounts, journalEntries, journals } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { insertJournal, noPermissionToken } from '../test/ledger';

const BASE = '/api/v1/gl-accounts';
const listSchema = pagedSchema(glAccountSchema);
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const m = VALIDATION.glAccount;

const validBody = (name: string) => ({
  name,
  type: 'ASSET',
  manual_journal_entries_allowed: true,
  description: `About ${name}`,
});

describeApi('gl accounts', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let nobody: string;
  /** The seeded chart, newest first (the API's order). */
  let seeded: GlAccount[];

  beforeAll(async () => {
    nobody = await noPermissionToken(api);
    const rows = await api.database.db.select().from(glAccounts);
    seeded = rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        manual_journal_entries_allowed: row.manualJournalEntriesAllowed,
        description: row.description,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
  });

  async function list(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    return { response, body: await readEnvelope(response, listSchema) };
  }

  function send(method: 'POST' | 'PUT', path: string, body: unknown, token = signed.admin) {
    return api.call(path, {
      method,
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function accountCount() {
    return (await api.database.db.select({ id: glAccounts.id }).from(glAccounts)).length;
  }

  describe('GET /gl-accounts', () => {
    it('answers the seeded chart newest first, with total and total_pages', async () => {
      const { response, body } = await list('?limit=100');
      expect(response.status).toBe(200);
      expect(body.data.total).toBeGreaterThanOrEqual(seeded.length);
      // Other tests may have added accounts (newer, so first); the seeded ones keep their order.
      const seededIds = new Set(seeded.map((a) => a.id));
      expect(body.data.contents.filter((a) => seededIds.has(a.id))).toEqual(seeded);
    });

    it('pages through everything exactly once', async () => {
      const all = (await list('?limit=100')).body.data.contents.map((a) => a.id);
      const seen: string[] = [];
      const pages = Math.ceil(all.length / 4);
      for (let page = 1; page <= pages; page++) {
        const { body } = await list(`?limit=4&page=${page}`);
        expect(body.data.total_pages).toBe(pages);
        seen.push(...body.data.contents.map((a) => a.id));
      }
      expect(seen).toEqual(all);
      const beyond = await list(`?limit=4&page=${pages + 1}`);
      expect(beyond.body.data.contents).toEqual([]);
    });

    it('filters by status; empty means all; a bad status is a 400 naming the field', async () => {
      const inactive = (await list('?status=INACTIVE')).body.data.contents;
      expect(inactive.map((a) => a.name)).toEqual(['Legacy Clearing Account']);
      const active = (await list('?status=ACTIVE&limit=100')).body.data.contents;
      expect(active.every((a) => a.status === 'ACTIVE')).toBe(true);
      expect((await list('?status=')).body.data.total).toBe(active.length + inactive.length);
      const bad = await list('?status=active');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toMatch(/^status: /);
    });

    it('searches name and description, case-insensitively, % literally', async () => {
      const names = async (term: string) =>
        (await list(`?limit=100&search_term=${encodeURIComponent(term)}`)).body.data.contents.map(
          (a) => a.name,
        );
      expect(await names('merchant PAYABLES')).toEqual(['Merchant Payables']);
      // "Paid-in capital" is only in the description.
      expect(await names('paid-in')).toEqual(['Owner Equity']);
      expect(await names('%')).toEqual([]);
      expect(await names('  owner equity ')).toEqual(['Owner Equity']);
      const combined = await list('?search_term=clearing&status=ACTIVE');
      expect(combined.body.data.total).toBe(0);
    });

    it('refuses a bad limit, naming the field', async () => {
      const { response, body } = await list('?limit=101');
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe('limit: limit must be an integer from 1 to 100');
    });
  });

  describe('GET /gl-accounts/{id}', () => {
    it('answers the account', async () => {
      const account = seeded[0];
      if (!account) throw new Error('no seeded account');
      const response = await api.call(`${BASE}/${account.id}`, { token: signed.support });
      expect(response.status).toBe(200);
      expect((await readEnvelope(response, glAccountSchema)).data).toEqual(account);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}`, { token: signed.admin }),
        'Gl account',
        'nope',
      );
      // Spec §7 sends this call without a token; the server does not serve it so (a fixed deviation).
      const anonymous = await api.call(`${BASE}/${seeded[0]?.id}`);
      await expectStatus(anonymous, 401);
    });
  });

  describe('POST /gl-accounts', () => {
    it('creates an ACTIVE account, ignoring the spec’s empty id and status', async () => {
      const response = await send('POST', BASE, {
        ...validBody('Petty Cash'),
        name: '  Petty Cash  ',
        manual_journal_entries_allowed: false,
        id: '',
        status: '',
      });
      expect(response.status).toBe(201);
      const { data } = await readEnvelope(response, glAccountSchema);
      expect(data).toMatchObject({
        name: 'Petty Cash',
        type: 'ASSET',
        manual_journal_entries_allowed: false,
        description: 'About Petty Cash',
        status: 'ACTIVE',
      });
      const detail = await api.call(`${BASE}/${data.id}`, { token: signed.admin });
      expect((await readEnvelope(detail, glAccountSchema)).data).toEqual(data);
      expect((await list('?search_term=petty')).body.data.contents).toEqual([data]);
    });

    it('never takes a status from the body', async () => {
      const response = await send('POST', BASE, { ...validBody('Status Ignored'), status: 'INACTIVE' });
      expect((await readEnvelope(response, glAccountSchema)).data.status).toBe('ACTIVE');
    });

    it('lets signed.finance create', async () => {
      const response = await send('POST', BASE, validBody('Finance Created'), signed.finance);
      expect(response.status).toBe(201);
    });

    it('answers 400 with the spec §5 message naming each field, and writes nothing', async () => {
      const before = await accountCount();
      const cases: [unknown, string][] = [
        [{ ...validBody('X'), name: '  ' }, `name: ${m.name}`],
        [{ ...validBody('X'), type: '' }, `type: ${m.type}`],
        [{ ...validBody('X'), type: 'CASH' }, `type: ${m.type}`],
        [
          { ...validBody('X'), manual_journal_entries_allowed: null },
          `manual_journal_entries_allowed: ${m.manualJournal}`,
        ],
        [{ ...validBody('X'), description: '' }, `description: ${m.description}`],
        [
          {},
          `name: ${m.name}; type: ${m.type}; manual_journal_entries_allowed: ${m.manualJournal}; description: ${m.description}`,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await send('POST', BASE, body);
        await expectStatus(response, 400, message);
      }
      const notJson = await api.call(BASE, { method: 'POST', token: signed.admin, body: 'name=x' });
      await expectStatus(notJson, 400);
      expect(await accountCount()).toBe(before);
    });

    it('answers 409 for a name already taken, and writes nothing', async () => {
      const before = await accountCount();
      const response = await send('POST', BASE, validBody('Merchant Payables'));
      await expectStatus(response, 409, LEDGER_ERRORS.glAccountNameTaken('Merchant Payables'));
      expect(await accountCount()).toBe(before);
    });

    it('gives one 201 and one 409 when two creates race for a name', async () => {
      const responses = await Promise.all([
        send('POST', BASE, validBody('Racing')),
        send('POST', BASE, validBody('Racing')),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      expect((await list('?search_term=Racing')).body.data.total).toBe(1);
    });

    it('answers 401 without a token and 403 without create-gl-account, writing nothing', async () => {
      const before = await accountCount();
      const anonymous = await api.call(BASE, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validBody('Anon')),
      });
      await expectStatus(anonymous, 401);
      expect(await accountCount()).toBe(before);
      for (const token of [signed.support, nobody]) {
        const response = await send('POST', BASE, validBody('Forbidden'), token);
        await expectStatus(response, 403, API_ERRORS.forbidden);
      }
      expect(await accountCount()).toBe(before);
      expect((await list('?search_term=Forbidden')).body.data.total).toBe(0);
    });
  });

  describe('PUT /gl-accounts/{id}', () => {
    async function create(name: string, type = 'ASSET') {
      const response = await send('POST', BASE, { ...validBody(name), type });
      return (await readEnvelope(response, glAccountSchema)).data;
    }

    it('updates name, type, manual flag and description; status and created_at stay', async () => {
      const account = await create('To Update');
      const response = await send('PUT', `${BASE}/${account.id}`, {
        id: account.id,
        name: 'Updated',
        type: 'EXPENSE',
        manual_journal_entries_allowed: false,
        description: 'Changed',
        status: 'INACTIVE',
      });
      expect(response.status).toBe(200);
      const { data } = await readEnvelope(response, glAccountSchema);
      expect(data).toEqual({
        ...account,
        name: 'Updated',
        type: 'EXPENSE',
        manual_journal_entries_allowed: false,
        description: 'Changed',
      });
      const detail = await api.call(`${BASE}/${account.id}`, { token: signed.finance });
      expect((await readEnvelope(detail, glAccountSchema)).data).toEqual(data);
    });

    it('accepts an absent or empty body id; refuses one naming another account', async () => {
      const account = await create('Id Rules');
      expect((await send('PUT', `${BASE}/${account.id}`, validBody('Id Rules'))).status).toBe(200);
      expect((await send('PUT', `${BASE}/${account.id}`, { ...validBody('Id Rules'), id: '' })).status).toBe(
        200,
      );
      const upper = { ...validBody('Id Rules'), id: account.id.toUpperCase() };
      expect((await send('PUT', `${BASE}/${account.id}`, upper)).status).toBe(200);
      const other = seeded[0]?.id;
      const mismatch = await send('PUT', `${BASE}/${account.id}`, { ...validBody('Hijack'), id: other });
      await expectStatus(mismatch, 400, `id: ${LEDGER_ERRORS.glAccountIdMismatch}`);
      const detail = await api.call(`${BASE}/${account.id}`, { token: signed.admin });
      expect((await readEnvelope(detail, glAccountSchema)).data.name).toBe('Id Rules');
    });

    it('answers 400 naming the field, 404 for an unknown id, 409 for a taken name', async () => {
      const account = await create('Validate Update');
      const bad = await send('PUT', `${BASE}/${account.id}`, { ...validBody('X'), type: null });
      await expectStatus(bad, 400, `type: ${m.type}`);
      const unknown = await send('PUT', `${BASE}/${UNKNOWN_ID}`, validBody('Ghost'));
      await expectStatus(unknown, 404, API_ERRORS.notFound('Gl account'));
      const taken = await send('PUT', `${BASE}/${account.id}`, validBody('Owner Equity'));
      await expectStatus(taken, 409, LEDGER_ERRORS.glAccountNameTaken('Owner Equity'));
      const [row] = await api.database.db.select().from(glAccounts).where(eq(glAccounts.id, account.id));
      expect(row?.name).toBe('Validate Update');
    });

    it('refuses a type change once the account has journal entries; other edits still work', async () => {
      const account = await create('Posted To', 'ASSET');
      await insertJournal(api, {
        entries: [{ glAccountId: account.id, entryType: 'DEBIT', amount: '10' }],
      });
      const change = await send('PUT', `${BASE}/${account.id}`, {
        ...validBody('Posted To'),
        type: 'EXPENSE',
      });
      await expectStatus(change, 409, LEDGER_ERRORS.glAccountTypeLocked);
      const [row] = await api.database.db.select().from(glAccounts).where(eq(glAccounts.id, account.id));
      expect(row?.type).toBe('ASSET');
      const rename = await send('PUT', `${BASE}/${account.id}`, {
        ...validBody('Posted To, renamed'),
        type: 'ASSET',
      });
      expect(rename.status).toBe(200);
      expect((await readEnvelope(rename, glAccountSchema)).data.name).toBe('Posted To, renamed');
    });

    it('decides a type change only after an entry being posted to the account commits', async () => {
      const account = await create('Being Posted');
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let posted = () => {};
      const entryWritten = new Promise<void>((resolve) => {
        posted = resolve;
      });
      // A posting still open: on PostgreSQL its entry holds a KEY SHARE lock on the account row.
      const posting = api.database.db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(journals)
          .values({ eventType: 'MANUAL' })
          .returning({ id: journals.id });
        if (!journal) throw new Error('journal insert failed');
        await tx
          .insert(journalEntries)
          .values({ journalId: journal.id, glAccountId: account.id, entryType: 'CREDIT', amount: '1' });
        posted();
        await gate;
      });
      await entryWritten;
      const change = send('PUT', `${BASE}/${account.id}`, {
        ...validBody('Being Posted'),
        type: 'EXPENSE',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await posting;
      const response = await change;
      await expectStatus(response, 409, LEDGER_ERRORS.glAccountTypeLocked);
    });

    it('answers 401 without a token and 403 without update-gl-account, changing nothing; signed.finance may update', async () => {
      const account = await create('Permission Target');
      const stored = async () =>
        (await api.database.db.select().from(glAccounts).where(eq(glAccounts.id, account.id)))[0];
      const before = await stored();
      expect(before?.name).toBe('Permission Target');
      const anonymous = await api.call(`${BASE}/${account.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validBody('Anon')),
      });
      await expectStatus(anonymous, 401);
      expect(await stored()).toEqual(before);
      for (const token of [signed.support, nobody]) {
        // Another type too, so a write of any column would show.
        const response = await send(
          'PUT',
          `${BASE}/${account.id}`,
          { ...validBody('Forbidden'), type: 'EXPENSE' },
          token,
        );
        await expectStatus(response, 403, API_ERRORS.forbidden);
        expect(await stored()).toEqual(before);
      }
      expect(
        (await send('PUT', `${BASE}/${account.id}`, validBody('By Finance'), signed.finance)).status,
      ).toBe(200);
      expect((await stored())?.name).toBe('By Finance');
    });
  });

  it('answers 403 to a user without view-gl-account and 401 without a token on the list', async () => {
    const forbidden = await list('', nobody);
    expect(forbidden.response.status).toBe(403);
    const anonymous = await api.call(BASE);
    await expectStatus(anonymous, 401);
    expect((await list('', signed.support)).response.status).toBe(200);
    expect((await list('', signed.finance)).response.status).toBe(200);
  });
});
