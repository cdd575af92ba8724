import { API_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import {
  TRANSACTION_STATUS_FILTERS,
  type TransactionFilterQuery,
  type TransactionStatus,
  transactionPageSchema,
  transactionSchema,
} from '@contract/transaction';
import { TRANSACTION_CSV_COLUMNS } from '@contract/transaction-csv';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { transactionBatches } from '../db/queries/transactions';
import { openTransactionCsv } from '../services/transaction-export';
import { describeApi, insertMerchant, readEnvelope, tokenWithPermissions } from '../test/api';
import { expectStatus } from '../test/expect';
import { insertTransaction } from '../test/transaction-fixtures';

const BASE = '/api/v1/transactions';
const STATUSES: TransactionStatus[] = ['SUCCESS', 'PENDING', 'FAILED', 'CHECKED_OUT', 'CANCELED', 'PAY_OUT'];

/** RFC 4180 reader for the assertions: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) throw new Error('CSV does not end with CRLF');
  return records;
}

const HEADER = TRANSACTION_CSV_COLUMNS.map((c) => c.header);
const ID = HEADER.indexOf('Transaction ID');

describeApi('GET /transactions/export and /transactions/{id}', { signIn: ['admin'] }, (api, signed) => {
  let merchantA: string;
  let quotedId: string;

  beforeAll(async () => {
    merchantA = await insertMerchant(api, { code: 'EXP-A', name: 'Abay, "Coffee" PLC' });
    for (let i = 0; i < 30; i++) {
      await insertTransaction(api, {
        ref: `EX${String(i).padStart(3, '0')}`,
        // Pairs share an instant, so the batches' cursor must break ties by id.
        date: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 4), 9, Math.floor(i / 2))),
        status: STATUSES[i % STATUSES.length] as TransactionStatus,
        type: i % 5 === 0 ? 'REFUND' : 'PAYMENT',
        merchantId: i % 3 === 0 ? merchantA : null,
        amount: `${1000 + i}.${String(i).padStart(2, '0')}`,
        fee: i % 2 === 0 ? '0.000001' : '0',
        currency: i % 4 === 0 ? 'USD' : 'ETB',
        method: i % 7 === 0 ? null : 'CBE',
      });
    }
    quotedId = await insertTransaction(api, {
      ref: 'EX-QUOTE',
      date: new Date('2026-10-15T10:00:00.000Z'),
      status: 'SUCCESS',
      amount: '123456789012345678.000001',
      fee: '12.5',
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Line one\r\nline "two", end',
      phone: '+251911223344',
      merchantId: merchantA,
    });
  });

  async function exportCsv(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}/export${query}`, { token });
    return { response, text: response.status === 200 ? await response.text() : '' };
  }
  async function listIds(query: string) {
    const response = await api.call(`${BASE}?limit=100${query ? `&${query.slice(1)}` : ''}`, {
      token: signed.admin,
    });
    const body = await readEnvelope(response, transactionPageSchema);
    if (!body.data) throw new Error(body.errorMessage ?? 'no data');
    expect(body.data.total).toBeLessThanOrEqual(100);
    return body.data.contents.map((t) => t.id);
  }

  it('streams a CSV attachment: header line, CRLF records, every row newest first', async () => {
    const { response, text } = await exportCsv('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="transactions-2026-11-21.csv"; filename*=UTF-8''transactions-2026-11-21.csv`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    expect(rows.map((r) => r[ID])).toEqual(await listIds(''));
    expect(rows).toHaveLength(31);
  });

  it('honours every filter of GET /transactions and ignores page and limit', async () => {
    for (const query of [
      '?status=pending',
      '?status=success,pay-out',
      '?from=2026-11-02&to=2026-11-04',
      '?to=2026-10-31',
      '?search_term=ex00',
      '?reference=EX007',
      '?types=refund',
      `?merchantId=${merchantA}`,
      `?merchantId=${merchantA}&status=success&from=2026-11-01`,
    ]) {
      const { response, text } = await exportCsv(query);
      expect(response.status, query).toBe(200);
      const rows = parseCsv(text).slice(1);
      const ids = await listIds(query);
      expect(ids.length, query).toBeGreaterThan(0);
      expect(
        rows.map((r) => r[ID]),
        query,
      ).toEqual(ids);
    }
    const paged = await exportCsv('?page=3&limit=1&status=failed');
    expect(
      parseCsv(paged.text)
        .slice(1)
        .map((r) => r[ID]),
    ).toEqual(await listIds('?status=failed'));
    const none = await exportCsv('?search_term=nobody-here');
    expect(none.text).toBe(`${HEADER.join(',')}\r\n`);
  });

  it('names the filter days in the file name', async () => {
    const { response } = await exportCsv('?from=2026-11-01&to=2026-11-05');
    expect(response.headers.get('content-disposition')).toContain(
      'filename="transactions-2026-11-01-to-2026-11-05.csv"',
    );
  });

  it('quotes per RFC 4180, neutralises formulas, and keeps money exact', async () => {
    const { text } = await exportCsv('?reference=EX-QUOTE');
    const lines = text.split('\r\n');
    // The embedded CRLF stays inside its quoted field.
    expect(lines[0]).toBe(HEADER.join(','));
    expect(text).toContain(
      `${quotedId},2026-10-15T10:00:00.000Z,EX-QUOTE,` +
        `"'=HYPERLINK(""http://evil.example"",""click"")","Line one\r\nline ""two"", end",'+251911223344,` +
        `123456789012345678.000001,12.5,ETB,PAYMENT,SUCCESS,Commercial Bank of Ethiopia,CBE,${merchantA},` +
        `"Abay, ""Coffee"" PLC"\r\n`,
    );
    const [, row] = parseCsv(text);
    expect(row?.[HEADER.indexOf('Customer First Name')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row?.[HEADER.indexOf('Customer Last Name')]).toBe('Line one\r\nline "two", end');
    expect(row?.[HEADER.indexOf('Amount')]).toBe('123456789012345678.000001');
    // An internal movement has no payment method: empty cells, not "null".
    const internal = parseCsv((await exportCsv('?reference=EX007')).text)[1];
    expect(internal?.[HEADER.indexOf('Payment Method')]).toBe('');
    expect(internal?.[HEADER.indexOf('Fee')]).toBe('0');
    expect(parseCsv((await exportCsv('?reference=EX008')).text)[1]?.[HEADER.indexOf('Fee')]).toBe('0.000001');
  });

  it('reads in keyset batches that neither skip nor repeat rows, ties included', async () => {
    const all: string[] = [];
    let batches = 0;
    for await (const batch of transactionBatches(
      api.database.db,
      { status: STATUSES, types: ['PAYMENT', 'PAYOUT', 'REFUND'] },
      4,
    )) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(4);
      all.push(...batch.map((t) => t.id));
    }
    expect(batches).toBe(8);
    expect(all).toEqual(await listIds(''));
  });

  it('reads the first batch before answering, then one batch per read, no further than the client has asked', async () => {
    const filter: TransactionFilterQuery = { status: STATUSES, types: ['PAYMENT', 'PAYOUT', 'REFUND'] };
    const errors: unknown[] = [];
    const reader = (await openTransactionCsv(api.database.db, filter, (e) => errors.push(e), 4)).getReader();
    const decoder = new TextDecoder();
    const header = await reader.read();
    expect(decoder.decode(header.value)).toBe(`${HEADER.join(',')}\r\n`);
    const first = await reader.read();
    const lines = decoder.decode(first.value).split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(lines.map((line) => line.split(',')[ID])).toEqual((await listIds('')).slice(0, 4));
    // The client goes away: the stream ends without an error and without reading the rest.
    await reader.cancel();
    expect(errors).toEqual([]);
  });

  it('refuses a bad filter with 400 naming the field, as the list does', async () => {
    for (const [query, message] of [
      ['?status=paid', `status: ${API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS)}`],
      ['?from=2026-13-01', `from: ${API_ERRORS.queryDate('from')}`],
      ['?to=nope', `to: ${API_ERRORS.queryDate('to')}`],
      ['?merchantId=nope', `merchantId: ${API_ERRORS.queryUuid('merchantId')}`],
      ['?from=2026-11-20&to=2026-11-19', API_ERRORS.dateRange],
      ['?search_term=EX&reference=EX001', API_ERRORS.searchBy],
    ] as const) {
      const response = await api.call(`${BASE}/export${query}`, { token: signed.admin });
      expect(response.status, query).toBe(400);
      expect((await readEnvelope(response)).errorMessage, query).toBe(message);
    }
  });

  it('refuses text the database cannot hold with a 400 envelope, before any byte of CSV', async () => {
    for (const [query, field] of [
      ['?search_term=Abebe%00', 'search_term'],
      ['?reference=EX%0A001', 'reference'],
    ] as const) {
      const response = await api.call(`${BASE}/export${query}`, { token: signed.admin });
      expect(response.status, query).toBe(400);
      expect(response.headers.get('Content-Type'), query).toMatch(/^application\/json/);
      expect((await readEnvelope(response)).errorMessage, query).toBe(
        `${field}: ${VALIDATION.common.controlCharacters(field)}`,
      );
    }
  });

  it('takes the first and the last day PostgreSQL and the contract both have', async () => {
    // The day after 9999-12-31 is written '+010000-01-01' by toISOString(), which PostgreSQL refuses.
    for (const path of [
      `${BASE}?from=9999-12-31&to=9999-12-31`,
      `${BASE}/export?from=0001-01-01&to=9999-12-31`,
    ]) {
      const response = await api.call(path, { token: signed.admin });
      expect(response.status, path).toBe(200);
    }
    // Every day there is: the same rows as no range at all.
    expect((await exportCsv('?from=0001-01-01&to=9999-12-31')).text).toBe((await exportCsv('')).text);
  });

  it('answers a failure of the first read as an error envelope, not as a 200 cut short', async () => {
    // A fault, not a refusal: the table is away while the export starts.
    await api.database.db.execute(sql`alter table transactions rename to transactions_away`);
    try {
      const response = await api.call(`${BASE}/export`, { token: signed.admin });
      expect(response.status).toBe(500);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect((await readEnvelope(response)).errorMessage).toBe(API_ERRORS.internal);
    } finally {
      await api.database.db.execute(sql`alter table transactions_away rename to transactions`);
    }
  });

  it('needs a session and view-transactions', async () => {
    const anonymous = await api.call(`${BASE}/export`);
    expect(anonymous.status).toBe(401);
    for (const user of ['support', 'finance'] as const) {
      expect((await exportCsv('', await api.tokenFor(user))).response.status).toBe(200);
    }
    const merchantsOnly = {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Merchants Only',
      handle: 'merchants-only',
    };
    const token = await tokenWithPermissions(api, merchantsOnly, [PERMISSIONS.viewMerchant]);
    for (const path of [`${BASE}/export?status=bogus`, `${BASE}/${quotedId}`]) {
      const forbidden = await api.call(path, { token });
      expect(forbidden.status, path).toBe(403);
      expect((await readEnvelope(forbidden)).errorMessage).toBe(API_ERRORS.forbidden);
    }
  });

  it('answers one transaction by id; 404 for an unknown id, 400 for a malformed one', async () => {
    const found = await api.call(`${BASE}/${quotedId}`, { token: signed.admin });
    expect(found.status).toBe(200);
    const body = await readEnvelope(found, transactionSchema);
    expect(body.data).toEqual({
      id: quotedId,
      transaction_date: '2026-10-15T10:00:00.000Z',
      reference: { txn_ref: 'EX-QUOTE' },
      against: {
        customer: {
          first_name: '=HYPERLINK("http://evil.example","click")',
          last_name: 'Line one\r\nline "two", end',
          phone_number: '+251911223344',
        },
      },
      amount: '123456789012345678.000001',
      fee: '12.5',
      type: 'PAYMENT',
      status: 'SUCCESS',
      transaction_method: {
        currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
        payment_method: { name: 'Commercial Bank of Ethiopia', code: 'CBE' },
      },
      merchant: { id: merchantA, name: 'Abay, "Coffee" PLC' },
    });
    const unknown = await api.call(`${BASE}/33333333-3333-4333-8333-333333333333`, { token: signed.admin });
    await expectStatus(unknown, 404, API_ERRORS.notFound('Transaction'));
    const malformed = await api.call(`${BASE}/not-a-uuid`, { token: signed.admin });
    await expectStatus(malformed, 400, 'id: id must be a UUID');
  });
});
