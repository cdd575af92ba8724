import type { DashboardSummary } from '@contract/dashboard';
import { describe, expect, it } from 'vitest';
import { dailyVolumeRows } from './daily-volume';

function summary(from: string, to: string, daily: DashboardSummary['daily']): DashboardSummary {
  return {
    from,
    to,
    currencies: [],
    by_status: [],
    daily,
    pending_payouts: { count: 0, volumes: {} },
    merchants_by_status: { ACTIVE: 0, PENDING: 0, PENDING_VERIFICATION: 0, INACTIVE: 0, DELETED: 0 },
  };
}

describe('dailyVolumeRows', () => {
  it('has every day of the range for the currency, zero where nothing happened', () => {
    const rows = dailyVolumeRows(
      summary('2026-11-18', '2026-11-21', [
        { date: '2026-11-19', currency: 'ETB', count: 2, volume: '50.2' },
        { date: '2026-11-19', currency: 'USD', count: 1, volume: '7.5' },
        { date: '2026-11-21', currency: 'ETB', count: 1, volume: '0.1' },
      ]),
      'ETB',
    );
    expect(rows).toEqual([
      { date: '2026-11-18', volume: 0, volumeText: '0', count: 0 },
      { date: '2026-11-19', volume: 50.2, volumeText: '50.2', count: 2 },
      { date: '2026-11-20', volume: 0, volumeText: '0', count: 0 },
      { date: '2026-11-21', volume: 0.1, volumeText: '0.1', count: 1 },
    ]);
  });

  it('crosses month and year ends by UTC days', () => {
    const rows = dailyVolumeRows(summary('2026-12-30', '2027-01-02', []), 'ETB');
    expect(rows.map((r) => r.date)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('keeps only the days with transactions over a range longer than a year', () => {
    const rows = dailyVolumeRows(
      summary('2020-01-01', '2026-11-21', [{ date: '2024-05-05', currency: 'ETB', count: 1, volume: '3' }]),
      'ETB',
    );
    expect(rows.map((r) => r.date)).toEqual(['2024-05-05']);
  });
});
