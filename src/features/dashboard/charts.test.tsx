import type { DashboardSummary } from '@contract/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { StatusBreakdown } from './status-breakdown';
import { VolumeChart } from './volume-chart';

/** Four days; ETB has no transaction on the 2nd; USD's one day is beyond what a double holds. */
const SUMMARY: DashboardSummary = {
  from: '2026-11-01',
  to: '2026-11-04',
  currencies: [
    {
      currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
      count: 4,
      volume: '351.75',
      success_count: 2,
      success_volume: '301.5',
    },
    {
      currency: { name_code: 'USD', name: 'US Dollar', decimal_places: 2 },
      count: 1,
      volume: '12345678901234567.35',
      success_count: 1,
      success_volume: '12345678901234567.35',
    },
  ],
  by_status: [
    { status: 'SUCCESS', count: 3, volumes: { ETB: '301.5', USD: '12345678901234567.35' } },
    { status: 'PENDING', count: 1, volumes: { ETB: '50.25' } },
    { status: 'FAILED', count: 1, volumes: { ETB: '0' } },
    { status: 'CHECKED_OUT', count: 0, volumes: {} },
    { status: 'CANCELED', count: 0, volumes: {} },
    { status: 'PAY_OUT', count: 0, volumes: {} },
  ],
  daily: [
    { date: '2026-11-01', currency: 'ETB', count: 2, volume: '100.5' },
    { date: '2026-11-02', currency: 'USD', count: 1, volume: '12345678901234567.35' },
    { date: '2026-11-03', currency: 'ETB', count: 1, volume: '201' },
    { date: '2026-11-04', currency: 'ETB', count: 1, volume: '50.25' },
  ],
  pending_payouts: null,
  merchants_by_status: null,
};

// happy-dom lays nothing out: give the charts' containers a size so recharts draws them.
const WIDTH = 600;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: WIDTH,
    height: 260,
    top: 0,
    left: 0,
    right: WIDTH,
    bottom: 260,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Each day's bar, in order: its height, or null for a day drawn without a bar. */
function barHeights(container: HTMLElement) {
  return [...container.querySelectorAll('.recharts-bar-rectangle')].map((bar) => {
    const height = bar.querySelector('path')?.getAttribute('height');
    return height ? Number(height) : null;
  });
}

/**
 * Hovers the n-th day's band (of `days`) and waits for the tooltip to read `lines` (retried: the
 * tooltip follows the pointer a render later, so it may still show the previous day at first).
 */
async function expectTooltip(container: HTMLElement, n: number, days: number, lines: string[]) {
  const wrapper = container.querySelector('.recharts-wrapper');
  const plot = container.querySelector('.recharts-cartesian-grid line');
  if (!wrapper || !plot) throw new Error('the chart was not drawn');
  const left = Number(plot.getAttribute('x1'));
  const band = (WIDTH - left) / days;
  fireEvent.mouseMove(wrapper, { clientX: left + band * n + band / 2, clientY: 120 });
  await waitFor(() => {
    const tooltip = container.querySelector('.recharts-tooltip-wrapper');
    expect([...(tooltip?.querySelectorAll('p') ?? [])].map((line) => line.textContent)).toEqual(lines);
  });
}

describe('daily volume chart', () => {
  it("draws one bar per day of the period, as tall as the server's volume, and its tooltip reads the exact figures", async () => {
    const { container } = renderUi(<VolumeChart summary={SUMMARY} />);
    expect(screen.getByRole('heading', { name: 'Daily volume (ETB)' })).toBeInTheDocument();
    await waitFor(() => {
      const heights = barHeights(container);
      expect(heights).toHaveLength(4);
      // The 2nd has no ETB transaction: no bar, not a made-up one.
      expect(heights[1]).toBeNull();
      const [first = 0, , third = 0, fourth = 0] = heights.map((height) => height ?? 0);
      expect(first).toBeGreaterThan(0);
      // Heights in the ratio of the volumes 100.5 : 201 : 50.25.
      expect(third / first).toBeCloseTo(2, 3);
      expect(fourth / first).toBeCloseTo(0.5, 3);
    });

    await expectTooltip(container, 0, 4, ['Nov 1', '100.50 ETB', '2 transactions']);
    await expectTooltip(container, 1, 4, ['Nov 2', '0.00 ETB', '0 transactions']);
    await expectTooltip(container, 2, 4, ['Nov 3', '201.00 ETB', '1 transaction']);
  });

  it("switches to another currency's series, whose figures stay exact beyond a double", async () => {
    const { container, user } = renderUi(<VolumeChart summary={SUMMARY} />);
    await user.click(screen.getByRole('radio', { name: 'USD' }));
    expect(screen.getByRole('heading', { name: 'Daily volume (USD)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(barHeights(container).map((h) => h !== null)).toEqual([false, true, false, false]),
    );
    await expectTooltip(container, 1, 4, ['Nov 2', '12,345,678,901,234,567.35 USD', '1 transaction']);
  });
});

describe('status breakdown', () => {
  it('shows every status with its count and exact volume per currency, and the donut shares out the counts', async () => {
    const { container } = renderUi(<StatusBreakdown summary={SUMMARY} />);
    const table = screen.getByRole('table', { name: 'Transactions by status' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Status', 'Transactions', 'Volume (ETB)', 'Volume (USD)'],
      ['Success', '3', '301.50', '12,345,678,901,234,567.35'],
      ['Pending', '1', '50.25', '0.00'],
      ['Failed', '1', '0.00', '0.00'],
      ['Checked Out', '0', '0.00', '0.00'],
      ['Canceled', '0', '0.00', '0.00'],
      ['Pay Out', '0', '0.00', '0.00'],
    ]);
    // One sector per status that has transactions; the centre reads the total count.
    await waitFor(() => expect(container.querySelectorAll('.recharts-sector')).toHaveLength(3));
    expect([...container.querySelectorAll('.recharts-sector')].map((s) => s.getAttribute('name'))).toEqual([
      'Success',
      'Pending',
      'Failed',
    ]);
    expect(container.querySelector('.mantine-DonutChart-label')?.textContent).toBe('5');
  });
});
