import { describe, expect, it } from 'vitest';
import { median, summarizeReport, summaryCells } from './report';

/** The parts of a Lighthouse 13 JSON report the bench reads, shaped as Lighthouse writes them. */
function report(overrides: { performance?: number; lcp?: number } = {}) {
  return JSON.stringify({
    requestedUrl: 'http://127.0.0.1:8292/signin',
    finalDisplayedUrl: 'http://127.0.0.1:8292/signin',
    categories: {
      performance: {
        score: overrides.performance ?? 0.61,
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10, group: 'metrics' },
          { id: 'render-blocking-insight', weight: 0, group: 'insights' },
          { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
          { id: 'font-display-insight', weight: 0, group: 'insights' },
        ],
      },
      accessibility: { score: 1 },
      'best-practices': { score: 0.96 },
    },
    audits: {
      'first-contentful-paint': { score: 0.1, numericValue: 3912.4, displayValue: '3.9 s' },
      'largest-contentful-paint': { score: 0.1, numericValue: overrides.lcp ?? 4210 },
      'total-blocking-time': { score: 0.2, numericValue: 1230.2 },
      'speed-index': { numericValue: 5500 },
      'cumulative-layout-shift': { score: 1, numericValue: 0.0012 },
      'total-byte-weight': { score: 1, numericValue: 262_144 },
      'render-blocking-insight': {
        title: 'Render-blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        metricSavings: { FCP: 1500, LCP: 1500 },
      },
      'unused-javascript': {
        title: 'Reduce unused JavaScript',
        score: 0.5,
        displayValue: 'Est savings of 57 KiB',
        metricSavings: { LCP: 0, FCP: 0 },
      },
      'font-display-insight': { title: 'Font display', score: 1, metricSavings: { FCP: 0 } },
    },
  });
}

describe('a Lighthouse report, summarised', () => {
  it('gives the scores out of 100 and the main metrics', () => {
    const summary = summarizeReport(report());
    expect(summary).toMatchObject({
      url: 'http://127.0.0.1:8292/signin',
      performance: 61,
      accessibility: 100,
      bestPractices: 96,
      fcp: 3912.4,
      lcp: 4210,
      tbt: 1230.2,
      cls: 0.0012,
      transfer: 262_144,
    });
  });

  it('lists the performance audits that did not pass with their savings, not the metrics or passes', () => {
    expect(summarizeReport(report()).findings).toEqual([
      'Render-blocking requests (estimated savings: FCP 1500 ms, LCP 1500 ms)',
      'Reduce unused JavaScript: Est savings of 57 KiB',
    ]);
  });

  it('refuses a run Lighthouse itself says failed', () => {
    const failed = JSON.stringify({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } });
    expect(() => summarizeReport(failed)).toThrow('NO_FCP');
  });
});

describe('the median over runs', () => {
  it('is the middle run, or the mean of the two middle ones', () => {
    expect(median([90, 60, 75])).toBe(75);
    expect(median([90, 60, 75, 80])).toBe(77.5);
    expect(median([])).toBeNaN();
  });

  it('is what a page row prints, beside each run’s score', () => {
    const runs = [61, 93, 88].map((p, i) =>
      summarizeReport(report({ performance: p / 100, lcp: 4000 + i * 1000 })),
    );
    expect(summaryCells('/signin', runs)).toEqual([
      '/signin',
      '3',
      '61/93/88',
      '88',
      '100',
      '96',
      '3.9 s',
      '5.0 s',
      '1230 ms',
      '0.001',
      '256 KiB',
    ]);
  });
});
