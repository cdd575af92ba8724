import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema, dashboardSummarySchema } from './dashboard';
import { journalEntryListQuerySchema } from './journal-entry';
import { API_ERRORS } from './messages';
import { issuesOf, parseOk } from './test/helpers';

describe('dashboardQuerySchema', () => {
  it('leaves defaults to the server and checks the order', () => {
    expect(parseOk(dashboardQuerySchema, {})).toEqual({});
    expect(issuesOf(dashboardQuerySchema, { from: '2026-11-22', to: '2026-11-01' })).toEqual({
      '': [API_ERRORS.dateRange],
    });
  });
});

describe('dashboardSummarySchema', () => {
  const summary = {
    from: '2026-10-23',
    to: '2026-11-21',
    currencies: [
      {
        currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
        count: 3,
        volume: '300.00',
        success_count: 2,
        success_volume: '200.00',
      },
    ],
    by_status: [{ status: 'SUCCESS', count: 2, volumes: { ETB: '200.00' } }],
    daily: [{ date: '2026-11-21', currency: 'ETB', count: 3, volume: '300.00' }],
    pending_payouts: { count: 1, volumes: { USD: '20' } },
    merchants_by_status: { ACTIVE: 5, PENDING: 1, PENDING_VERIFICATION: 2, INACTIVE: 0, DELETED: 0 },
  };

  it('accepts a coherent summary and refuses a float volume or a missing merchant status', () => {
    expect(parseOk(dashboardSummarySchema, summary)).toEqual(summary);
    expect(
      issuesOf(dashboardSummarySchema, { ...summary, pending_payouts: { count: 1, volumes: { USD: 20 } } }),
    ).not.toEqual({});
    const { DELETED: _, ...four } = summary.merchants_by_status;
    expect(issuesOf(dashboardSummarySchema, { ...summary, merchants_by_status: four })).not.toEqual({});
  });

  it('takes null waiting sections (withheld from the caller) but not absent ones', () => {
    const withheld = { ...summary, pending_payouts: null, merchants_by_status: null };
    expect(parseOk(dashboardSummarySchema, withheld)).toEqual(withheld);
    const { pending_payouts: _, ...noPayouts } = summary;
    expect(issuesOf(dashboardSummarySchema, noPayouts)).not.toEqual({});
  });
});

describe('journalEntryListQuerySchema', () => {
  it('filters by entry type', () => {
    expect(parseOk(journalEntryListQuerySchema, { entry_type: 'CREDIT', search_term: 'cash' })).toEqual({
      page: 1,
      limit: 10,
      search_term: 'cash',
      entry_type: 'CREDIT',
      sort: { key: 'date', direction: 'desc' },
    });
  });
});
