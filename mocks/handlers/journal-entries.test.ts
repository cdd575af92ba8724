import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

function call(path: string, as: 'admin' | 'support' | 'nobody' = 'admin') {
  const headers = new Headers();
  if (as !== 'nobody') headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[as]).access_token}`);
  return fetch(`${BASE}/${path}`, { headers });
}

describe('journal entry handlers', () => {
  it('pages newest first and filters by entry type', async () => {
    const body = await (await call('journal-entries?page=1&limit=10')).json();
    expect(body.data.total).toBe(db.journalEntries.length);
    expect(body.data.contents).toHaveLength(10);
    const dates = body.data.contents.map((e: { created_at: string }) => e.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const debits = await (await call('journal-entries?limit=100&entry_type=DEBIT')).json();
    expect(debits.data.total).toBeGreaterThan(0);
    expect(debits.data.contents.every((e: { entry_type: string }) => e.entry_type === 'DEBIT')).toBe(true);
  });

  it('searches GL account name and transaction reference', async () => {
    const byRef = await (await call('journal-entries?search_term=txn-2001-0003')).json();
    // The payout's request and its approval: two journals of two lines each.
    expect(byRef.data.total).toBe(4);
    const byAccount = await (await call('journal-entries?search_term=fee income&limit=100')).json();
    expect(
      byAccount.data.contents.every(
        (e: { gl_account: { name: string } }) => e.gl_account.name === 'Gateway fee income',
      ),
    ).toBe(true);
  });

  it('totals debits and credits of the whole filter per currency, exactly, equal for whole journals', async () => {
    const all = await (await call('journal-entries/totals')).json();
    expect(all.data.currencies).toEqual([
      {
        currency: { name_code: 'ETB', decimal_places: 2 },
        debit: '9490.750000',
        credit: '9490.750000',
        balanced: true,
      },
      {
        currency: { name_code: 'USD', decimal_places: 2 },
        debit: '120.500000',
        credit: '120.500000',
        balanced: true,
      },
    ]);
    const payout = await (await call('journal-entries/totals?search_term=TXN-2001-0003')).json();
    expect(payout.data.currencies).toEqual([
      {
        currency: { name_code: 'ETB', decimal_places: 2 },
        debit: '1600.000000',
        credit: '1600.000000',
        balanced: true,
      },
    ]);
    const credits = await (await call('journal-entries/totals?entry_type=CREDIT')).json();
    expect(credits.data.currencies).toMatchObject([
      { debit: '0.000000', credit: '9490.750000', balanced: false },
      { debit: '0.000000', credit: '120.500000', balanced: false },
    ]);
    const none = await (await call('journal-entries/totals?search_term=nothing-matches')).json();
    expect(none.data).toEqual({ currencies: [] });
  });

  it('refuses without a token and a bad entry type; 404 for an unknown entry', async () => {
    expect((await call('journal-entries', 'nobody')).status).toBe(401);
    expect((await call('journal-entries?entry_type=BOTH')).status).toBe(400);
    expect((await call('journal-entries/00000000-0000-4000-8000-999999999999')).status).toBe(404);
    const first = db.journalEntries[0];
    expect((await (await call(`journal-entries/${first?.id}`)).json()).data).toEqual(first);
  });
});
