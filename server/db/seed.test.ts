import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  type PermissionMap,
  toPermissionMap,
} from '@contract/permissions';
import { verify } from '@node-rs/argon2';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import { queryRows } from './connect';
import { permissionsOfUser } from './queries/staff-access';
import {
  currencies,
  files,
  MERCHANT_STATUS_VALUES,
  merchantAccounts,
  merchantCompliance,
  merchantContactPersons,
  merchants,
  paymentMethods,
  users,
} from './schema';
import { DEMO_USERS, seedDemoUsers } from './seed/demo-users';
import { isSeeded, seedDatabase } from './seed/seed';

const NOW = new Date('2026-11-21T09:00:00Z');
const MERCHANTS = 60;

const names = (permissions: readonly Permission[]) => permissions.map((p) => p.name).sort();

/** Every row the seed writes, minus nothing: a fingerprint for the determinism check. */
async function snapshot(t: TestDatabase) {
  return {
    merchants: await t.db.select().from(merchants).orderBy(asc(merchants.merchantCode)),
    compliance: await t.db.select().from(merchantCompliance).orderBy(asc(merchantCompliance.merchantId)),
    accounts: await t.db.select().from(merchantAccounts).orderBy(asc(merchantAccounts.id)),
    files: await queryRows<{ path: string; md5: string }>(
      t.db,
      sql`select path, md5(bytes) as md5 from files order by path`,
    ),
  };
}

async function truncateAll(t: TestDatabase) {
  // The change history and the audit log refuse TRUNCATE (append-only); the seed records nothing
  // in either, so they are empty and stay out of the list.
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('change_events', 'audit_log')`,
  );
  const [history] = await queryRows<{ n: number }>(
    t.db,
    sql`select (select count(*) from change_events)::int + (select count(*) from audit_log)::int as n`,
  );
  expect(history?.n).toBe(0);
  // The refunds' link refuses TRUNCATE too, though the seed writes none: its guard is switched off.
  await t.db.execute(sql`ALTER TABLE refunds DISABLE TRIGGER refunds_no_truncate`);
  await t.db.execute(sql.raw(`TRUNCATE ${tables.map((r) => `"${r.name}"`).join(', ')} CASCADE`));
  await t.db.execute(sql`ALTER TABLE refunds ENABLE TRIGGER refunds_no_truncate`);
}

describe.each(TEST_DATABASE_KINDS)('seed on %s', (kind) => {
  let t: TestDatabase;
  let firstRun: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    expect(await isSeeded(t.db)).toBe(false);
    await seedDatabase(t.db, { merchants: MERCHANTS, seed: 42, now: NOW });
    firstRun = await snapshot(t);
  });
  afterAll(() => t?.dispose());

  it('marks the database seeded and inserts the requested merchants and the reference data', async () => {
    expect(await isSeeded(t.db)).toBe(true);
    expect(firstRun.merchants).toHaveLength(MERCHANTS);
    const codes = (await t.db.select({ code: currencies.nameCode }).from(currencies)).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['ETB', 'USD']));
    const methods = await t.db.select().from(paymentMethods);
    expect(methods.map((m) => m.code)).toEqual(
      expect.arrayContaining([
        'CBE',
        'AWASH',
        'DASHEN',
        'BOA',
        'TELEBIRR',
        'CBEBIRR',
        'MPESA',
        'VISA',
        'MASTERCARD',
      ]),
    );
    expect(new Set(methods.map((m) => m.type))).toEqual(new Set(['BANK', 'WALLET', 'CARD']));
  });

  it('covers every merchant status and merchants with and without logo, business detail, compliance, contact', () => {
    const statuses = new Set(firstRun.merchants.map((m) => m.status));
    expect([...statuses].sort()).toEqual([...MERCHANT_STATUS_VALUES].sort());
    expect(firstRun.merchants.filter((m) => m.status === 'ACTIVE').length).toBeGreaterThan(MERCHANTS / 3);

    const withLogo = firstRun.merchants.filter((m) => m.logo);
    expect(withLogo.length).toBeGreaterThan(0);
    expect(firstRun.merchants.some((m) => m.businessName && !m.logo)).toBe(true);
    expect(firstRun.merchants.some((m) => m.businessName === null)).toBe(true);
    for (const m of withLogo) expect(m.logo).toBe(`/api/v1/files/logos/${m.merchantCode}.svg`);

    const withCompliance = new Set(firstRun.compliance.map((c) => c.merchantId));
    expect(withCompliance.size).toBeGreaterThan(0);
    expect(withCompliance.size).toBeLessThan(MERCHANTS);
    for (const m of firstRun.merchants) {
      if (m.phoneNumber) expect(m.phoneNumber).toMatch(/^\+2519\d{8}$/);
    }
  });

  it('has contact persons for some merchants and not others, with Ethiopian ID types', async () => {
    const contacts = await t.db.select().from(merchantContactPersons);
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.length).toBeLessThan(MERCHANTS);
    for (const c of contacts) expect(['Kebele ID', 'Passport', 'Driving License']).toContain(c.idType);
  });

  it('stores every referenced document as a real PDF and every logo as an SVG', async () => {
    const paths = new Set<string>();
    const prefix = '/api/v1/files/';
    let lists = 0;
    for (const c of firstRun.compliance) {
      for (const ref of [c.tinCertification, c.tradeLicense, c.moa]) {
        if (Array.isArray(ref)) lists++;
        for (const url of ref === null ? [] : Array.isArray(ref) ? ref : [ref]) {
          expect(url.startsWith(`${prefix}documents/`)).toBe(true);
          paths.add(url.slice(prefix.length));
        }
      }
    }
    expect(lists).toBeGreaterThan(0);
    const contacts = await t.db.select().from(merchantContactPersons);
    for (const c of contacts) if (c.document) paths.add(c.document.slice(prefix.length));
    expect(paths.size).toBeGreaterThan(0);

    const stored = await t.db
      .select()
      .from(files)
      .where(inArray(files.path, [...paths]));
    expect(stored.map((f) => f.path).sort()).toEqual([...paths].sort());
    for (const file of stored) {
      const text = Buffer.from(file.bytes).toString('latin1');
      expect(file.contentType).toBe('application/pdf');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      // The xref offset points at the xref table.
      const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 4)).toBe('xref');
    }

    const merchant = firstRun.merchants.find((m) => m.logo);
    const [logo] = await t.db
      .select()
      .from(files)
      .where(eq(files.path, `logos/${merchant?.merchantCode}.svg`));
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(Buffer.from(logo?.bytes ?? []).toString('utf8')).toMatch(/^<svg /);
  });

  it('gives the demo users exactly their permission sets, with argon2id password hashes', async () => {
    const rows = await t.db.select().from(users);
    const byEmail = new Map(rows.map((u) => [u.email, u]));
    expect([...byEmail.keys()].sort()).toEqual([
      'admin@example.com',
      'finance@example.com',
      'support@example.com',
    ]);

    const held = new Map<string, PermissionMap>();
    for (const row of rows) held.set(row.email, await permissionsOfUser(t.db, row.id));
    const rolesOf = (email: string) =>
      Object.values(held.get(email) ?? {})
        .flatMap((entry) => entry?.roles ?? [])
        .sort();

    expect(rolesOf('admin@example.com')).toEqual(names(ALL_PERMISSIONS));
    expect(held.get('admin@example.com')).toEqual(toPermissionMap(ALL_PERMISSIONS));

    const support = rolesOf('support@example.com');
    expect(support).toEqual(
      // Every view-* but the bank accounts, the reports, the API clients and the audit log
      // (contract/demo/users.ts says why for each).
      names(
        ALL_PERMISSIONS.filter(
          (p) =>
            p.name.startsWith('view-') &&
            !['view-merchant-account', 'view-reports', 'view-api-client', 'view-audit-log'].includes(p.name),
        ),
      ),
    );
    expect(support).not.toContain('uma_protection');
    expect(support).not.toContain('view-merchant-account');
    expect(support.every((name) => name.startsWith('view-'))).toBe(true);

    expect(rolesOf('finance@example.com')).toEqual(
      [
        'view-transactions',
        'change-payout-status',
        'view-gl-account',
        'create-gl-account',
        'update-gl-account',
        'view-account-mapping',
        'create-account-mapping',
        'view-journal-entry',
        // Issues 22 and 23: refunds, chargebacks, the books and the second pair of eyes.
        'refund-transaction',
        'view-dispute',
        'manage-dispute',
        'create-journal-entry',
        'reverse-journal-entry',
        'view-reports',
        'close-period',
        'reopen-period',
        'view-approval',
        'decide-approval',
      ].sort(),
    );
    const finance = held.get('finance@example.com') ?? {};
    expect(finance[PERMISSIONS.viewMerchant.type]).toBeUndefined();
    expect(finance[PERMISSIONS.viewCurrency.type]).toBeUndefined();

    for (const user of Object.values(DEMO_USERS)) {
      const hash = byEmail.get(user.email)?.passwordHash ?? '';
      expect(hash.startsWith('$argon2id$')).toBe(true);
      expect(await verify(hash, user.password)).toBe(true);
      expect(await verify(hash, `${user.password}x`)).toBe(false);
    }
  });

  it('seedDemoUsers leaves existing users alone', async () => {
    expect(await seedDemoUsers(t.db)).toBe(0);
    expect(await t.db.select().from(users)).toHaveLength(3);
  });

  it('is deterministic: the same seed gives the same rows, another seed different ones', async () => {
    await truncateAll(t);
    expect(await isSeeded(t.db)).toBe(false);
    await seedDatabase(t.db, { merchants: MERCHANTS, seed: 42, now: NOW, users: false });
    const second = await snapshot(t);
    expect(second.merchants.map((m) => [m.id, m.merchantCode, m.businessName, m.status])).toEqual(
      firstRun.merchants.map((m) => [m.id, m.merchantCode, m.businessName, m.status]),
    );
    expect(second).toEqual(firstRun);

    await truncateAll(t);
    await seedDatabase(t.db, { merchants: MERCHANTS, seed: 43, now: NOW, users: false });
    const other = await snapshot(t);
    expect(other.merchants.map((m) => m.businessName)).not.toEqual(
      firstRun.merchants.map((m) => m.businessName),
    );
  });
});
