import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';

const BASE = 'http://localhost/api/v1';

/** One currency's totals row, as the totals answer it (both demo currencies have 2 places). */
function totalsRow(name_code: string, debit: string, credit: string, balanced: boolean) {
  return { currency: { name_code, decimal_places: 2 }, debit, credit, balanced };
}

function call(path: string) {
  const headers = new Headers({ Authorization: `Bearer ${sessionFor(DEMO_USERS.admin).access_token}` });
  return fetch(`${BASE}/${path}`, { headers });
}

/**
 * What only the mocks do: server/test/conformance/ checks the journal entry handlers against the
 * server; this checks the totals against the journals the mock store posts
 * (mocks/data/journal-entries.ts), exactly.
 */
describe('journal entry totals (mock only)', () => {
  it('totals debits and credits of the whole filter per currency, exactly, equal for whole journals', async () => {
    const all = await (await call('journal-entries/totals')).json();
    expect(all.data.currencies).toEqual([
      totalsRow('ETB', '9490.750000', '9490.750000', true),
      totalsRow('USD', '120.500000', '120.500000', true),
    ]);
    const payout = await (await call('journal-entries/totals?search_term=TXN-2001-0003')).json();
    expect(payout.data.currencies).toEqual([totalsRow('ETB', '1600.000000', '1600.000000', true)]);
    const credits = await (await call('journal-entries/totals?entry_type=CREDIT')).json();
    expect(credits.data.currencies).toMatchObject([
      { debit: '0.000000', credit: '9490.750000', balanced: false },
      { debit: '0.000000', credit: '120.500000', balanced: false },
    ]);
    const none = await (await call('journal-entries/totals?search_term=nothing-matches')).json();
    expect(none.data).toEqual({ currencies: [] });
  });
});
