import type { DashboardSummary } from '@contract/dashboard';

export interface DailyVolumeRow {
  /** 'YYYY-MM-DD' (UTC day, as the server groups them). */
  date: string;
  /** The bar's height; never shown as text. */
  volume: number;
  /** The exact volume, for what staff read. */
  volumeText: string;
  count: number;
}

const DAY_MS = 86_400_000;
/** Beyond this, only days with transactions get a bar (a multi-year range would be all gaps). */
const MAX_FILLED_DAYS = 366;

function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let at = start; at <= end && days.length <= MAX_FILLED_DAYS; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** One row per day of the summary's range for one currency; days without transactions are zero. */
export function dailyVolumeRows(summary: DashboardSummary, currency: string): DailyVolumeRow[] {
  const own = new Map(summary.daily.filter((d) => d.currency === currency).map((d) => [d.date, d]));
  const days = daysBetween(summary.from, summary.to);
  const dates = days.length > MAX_FILLED_DAYS ? [...own.keys()] : days;
  return dates.map((date) => {
    const day = own.get(date);
    return day
      ? { date, volume: chartNumber(day.volume), volumeText: day.volume, count: day.count }
      : { date, volume: 0, volumeText: '0', count: 0 };
  });
}

/**
 * A decimal string as a chart coordinate. Only the bar's height uses it: every figure staff read
 * (tooltips, cards, tables) is the exact string.
 */
function chartNumber(value: string): number {
  return Number(value);
}
