import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../test/db';
import { bulkInsert, withIndexesDeferred } from './bulk-insert';
import { queryRows } from './connect';
import { files, merchantCompliance, merchants } from './schema';

describeOnDatabases('bulkInsert', (t) => {
  it('writes every column type exactly; a missing value is NULL, or the default in a NOT NULL column', async () => {
    const tricky = `Ab"ay's \\ {Coffee}, ቡና ☕ "quoted"`;
    await bulkInsert(
      t.db,
      merchants,
      [
        {
          id: '00000000-0000-4000-8000-000000000001',
          merchantCode: 'B000001',
          status: 'ACTIVE',
          businessName: tricky,
          employees: 12,
          createdAt: new Date('2026-01-02T03:04:05.678Z'),
        },
        { id: '00000000-0000-4000-8000-000000000002', merchantCode: 'B000002', status: 'PENDING' },
      ],
      1,
    );
    await bulkInsert(t.db, merchantCompliance, [
      {
        merchantId: '00000000-0000-4000-8000-000000000001',
        tinCertification: '/api/v1/files/documents/B000001/tin.pdf',
        moa: ['/a.pdf', '/b.pdf'],
        tradeLicense: null,
      },
    ]);
    await bulkInsert(t.db, files, [
      { path: 'test/bin', contentType: 'application/octet-stream', bytes: new Uint8Array([0, 255, 10, 13]) },
    ]);

    const rows = await t.db.select().from(merchants).orderBy(asc(merchants.merchantCode));
    expect(rows[0]).toMatchObject({ businessName: tricky, employees: 12, status: 'ACTIVE' });
    expect(rows[0]?.createdAt.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(rows[1]).toMatchObject({ businessName: null, employees: null, status: 'PENDING' });
    // created_at was given for the first row only: the second takes the column default, now().
    expect(rows[1]?.createdAt).toBeInstanceOf(Date);
    const [compliance] = await t.db.select().from(merchantCompliance);
    expect(compliance).toMatchObject({
      tinCertification: '/api/v1/files/documents/B000001/tin.pdf',
      moa: ['/a.pdf', '/b.pdf'],
      tradeLicense: null,
    });
    const [file] = await t.db.select().from(files);
    expect(Array.from(file?.bytes ?? [])).toEqual([0, 255, 10, 13]);
  });

  it('withIndexesDeferred drops secondary indexes for the load and rebuilds them all', async () => {
    const indexNames = async () =>
      (
        await queryRows<{ name: string }>(
          t.db,
          sql`select indexname as name from pg_indexes where tablename = 'merchants' order by 1`,
        )
      ).map((r) => r.name);
    const before = await indexNames();
    const during = await t.db.transaction((tx) =>
      withIndexesDeferred(tx, [merchants], async () =>
        (
          await queryRows<{ name: string }>(
            tx,
            sql`select indexname as name from pg_indexes where tablename = 'merchants' order by 1`,
          )
        ).map((r) => r.name),
      ),
    );
    expect(during).toEqual(['merchants_merchant_code_unique', 'merchants_pkey']);
    expect(await indexNames()).toEqual(before);
    expect(before).toContain('merchants_business_name_trgm_idx');
  });
});
