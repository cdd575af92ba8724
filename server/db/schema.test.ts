import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../test/db';
import { queryRows, SQLSTATE, sqlState } from './connect';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import {
  charges,
  currencies,
  files,
  merchantCompliance,
  merchants,
  paymentMethods,
  transactions,
} from './schema';

const TABLES = [
  'account_mappings',
  'accounting_periods',
  'api_clients',
  'approval_requests',
  'approval_rules',
  'audit_log',
  'change_events',
  'charge_ranges',
  'charges',
  'currencies',
  'disputes',
  'files',
  'gateway_accounts',
  'gl_accounts',
  'idempotency_keys',
  'journal_description_templates',
  'journal_entries',
  'journal_entry_amount_prefix_sums',
  'journal_entry_daily_sums',
  'journal_entry_gram_pending',
  'journal_entry_gram_sums',
  'journal_entry_reference_sums',
  'journal_entry_sums',
  'journal_entry_value_sums',
  'journals',
  'list_preferences',
  'list_views',
  'merchant_accounts',
  'merchant_compliance',
  'merchant_contact_persons',
  'merchant_status_changes',
  'merchants',
  'payment_methods',
  'refunds',
  'revoked_tokens',
  'roles',
  'sessions',
  'sign_in_attempts',
  'staff_recovery_codes',
  'staff_second_factors',
  'transaction_count_deltas',
  'transaction_customer_names',
  'transaction_daily_totals',
  'transaction_limits',
  'transaction_name_count_deltas',
  'transactions',
  'user_identities',
  'user_roles',
  'users',
];

/** Resolves to the SQLSTATE the promise rejects with (undefined if it does not reject). */
async function failureCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error) ?? 'no sqlstate';
  }
  return undefined;
}

describeOnDatabases('database schema', (t, _kind) => {
  it('applies the migrations to an empty database, with pg_trgm, and re-running them is a no-op', async () => {
    const tables = await queryRows<{ name: string }>(
      t.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((r) => r.name)).toEqual(TABLES);
    const extensions = await queryRows<{ name: string }>(t.db, 'select extname as name from pg_extension');
    expect(extensions.map((r) => r.name)).toContain('pg_trgm');

    await migrateDatabase(t);
    const applied = await queryRows<{ n: number }>(
      t.db,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
  });

  it('has trigram indexes for the searches', async () => {
    const indexes = await queryRows<{ name: string }>(
      t.db,
      sql`select indexname as name from pg_indexes where indexdef like '%gin_trgm_ops%'`,
    );
    expect(indexes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'merchants_business_name_trgm_idx',
        'merchants_merchant_code_trgm_idx',
        'merchants_phone_number_trgm_idx',
        'merchants_email_trgm_idx',
        'transactions_txn_ref_trgm_idx',
        'transaction_customer_names_trgm_idx',
        'transactions_customer_phone_trgm_idx',
        'journals_description_residue_trgm_idx',
      ]),
    );
  });

  it('refuses to delete a currency used by a charge, a payment method or a transaction; deletes an unused one', async () => {
    const [etb, usd, kes, eur] = await t.db
      .insert(currencies)
      .values([
        { name: 'Ethiopian Birr', nameCode: 'ETB', displaySymbol: 'Br', decimalPlaces: 2 },
        { name: 'US Dollar', nameCode: 'USD', displaySymbol: '$', decimalPlaces: 2 },
        { name: 'Kenyan Shilling', nameCode: 'KES', displaySymbol: 'KSh', decimalPlaces: 2 },
        { name: 'Euro', nameCode: 'EUR', displaySymbol: '€', decimalPlaces: 2 },
      ])
      .returning();
    if (!etb || !usd || !kes || !eur) throw new Error('insert failed');

    await t.db.insert(charges).values({
      currencyId: etb.id,
      name: 'Wallet fee',
      chargeTime: 'TRANSACTION_FEE',
      chargeCalculationMethod: 'FLAT',
      amount: '5',
    });
    await t.db.insert(paymentMethods).values({
      name: 'telebirr',
      type: 'WALLET',
      code: 'TELEBIRR',
      url: 'https://www.ethiotelecom.et/telebirr',
      logo: '/api/v1/files/logos/payment-methods/TELEBIRR.svg',
      accountNumberLength: 12,
      supportedCurrencies: ['USD'],
    });
    await t.db.insert(transactions).values({
      txnRef: 'TXN-FK-1',
      transactionDate: new Date('2026-11-20T10:00:00Z'),
      amount: '10',
      type: 'PAYMENT',
      status: 'SUCCESS',
      currencyId: kes.id,
    });

    expect(await failureCode(t.db.delete(currencies).where(eq(currencies.id, etb.id)))).toBe(
      SQLSTATE.foreignKeyViolation,
    );
    expect(await failureCode(t.db.delete(currencies).where(eq(currencies.id, usd.id)))).toBe(
      SQLSTATE.foreignKeyViolation,
    );
    expect(await failureCode(t.db.delete(currencies).where(eq(currencies.id, kes.id)))).toBe(
      SQLSTATE.foreignKeyViolation,
    );
    expect(await failureCode(t.db.delete(currencies).where(eq(currencies.id, eur.id)))).toBeUndefined();

    // A renamed name_code follows into supported_currencies.
    await t.db.update(currencies).set({ nameCode: 'USX' }).where(eq(currencies.id, usd.id));
    const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.code, 'TELEBIRR'));
    expect(method?.supportedCurrencies).toEqual(['USX']);
  });

  it('keeps money exact and rejects values outside the enumerations', async () => {
    const [row] = await queryRows<{ total: string }>(
      t.db,
      sql`select (0.1::numeric(24,6) + 0.2::numeric(24,6))::text as total`,
    );
    expect(row?.total).toBe('0.300000');

    const [currency] = await t.db.select().from(currencies).limit(1);
    const [transaction] = await t.db
      .insert(transactions)
      .values({
        txnRef: 'TXN-EXACT-1',
        transactionDate: new Date('2026-11-20T10:00:00Z'),
        customerFirstName: 'Almaz',
        customerLastName: 'Tesfaye',
        amount: '12345678901234567.123456',
        type: 'PAYMENT',
        status: 'PENDING',
        currencyId: currency!.id,
      })
      .returning();
    expect(transaction?.amount).toBe('12345678901234567.123456');
    expect(transaction?.customerName).toBe('Almaz Tesfaye');

    const bad = t.db.insert(merchants).values({ merchantCode: 'BAD-1', status: 'BOGUS' as 'ACTIVE' });
    expect(await failureCode(bad)).toBe(SQLSTATE.checkViolation);
  });

  it('stores file bytes exactly', async () => {
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    await t.db
      .insert(files)
      .values({ path: 'test/bytes.bin', contentType: 'application/octet-stream', bytes });
    const [row] = await t.db.select().from(files).where(eq(files.path, 'test/bytes.bin'));
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(row?.bytes ?? [])).toEqual([0, 1, 2, 253, 254, 255]);
  });

  it('reads jsonb back exactly as written: a string that looks like JSON stays a string', async () => {
    const [merchant] = await t.db
      .insert(merchants)
      .values({ merchantCode: 'JSON-1' })
      .returning({ id: merchants.id });
    if (!merchant) throw new Error('insert failed');
    await t.db.insert(merchantCompliance).values({
      merchantId: merchant.id,
      tinCertification: '12',
      tradeLicense: ['/api/v1/files/documents/a.pdf', '{"not":"parsed"}'],
      moa: null,
    });
    const [row] = await t.db
      .select()
      .from(merchantCompliance)
      .where(eq(merchantCompliance.merchantId, merchant.id));
    expect(row?.tinCertification).toBe('12');
    expect(row?.tradeLicense).toEqual(['/api/v1/files/documents/a.pdf', '{"not":"parsed"}']);
    expect(row?.moa).toBeNull();
    const stored = await queryRows<{ kind: string }>(
      t.db,
      sql`select jsonb_typeof(tin_certification) as kind from merchant_compliance where merchant_id = ${merchant.id}`,
    );
    expect(stored[0]?.kind).toBe('string');
  });
});
