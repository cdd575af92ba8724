/** The parts of a Lighthouse JSON report this bench prints, and how it prints them (pure). */

export interface LighthouseSummary {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** Bytes transferred for the page (`total-byte-weight`). */
  transfer: number;
  /** Performance audits and insights that did not pass, with what Lighthouse says of each. */
  findings: string[];
}

interface Audit {
  title?: string;
  score?: number | null;
  numericValue?: number;
  displayValue?: string;
  scoreDisplayMode?: string;
  /** What Lighthouse estimates fixing it would save, per metric (ms, or unitless for CLS). */
  metricSavings?: Record<string, number>;
}

interface Report {
  finalDisplayedUrl?: string;
  requestedUrl?: string;
  categories?: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number; group?: string }[] }
  >;
  audits?: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
}

const score = (report: Report, id: string) =>
  Math.round((report.categories?.[id]?.score ?? Number.NaN) * 100);
const numeric = (report: Report, id: string) => report.audits?.[id]?.numericValue ?? Number.NaN;

/** Reads what the bench prints from a report (`lighthouse --output=json`). */
export function summarizeReport(json: string): LighthouseSummary {
  const report = JSON.parse(json) as Report;
  if (report.runtimeError)
    throw new Error(`Lighthouse: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  const findings: string[] = [];
  for (const ref of report.categories?.performance?.auditRefs ?? []) {
    // The metrics themselves are printed as figures; the rest say why they are what they are.
    if (ref.group === 'metrics') continue;
    const audit = report.audits?.[ref.id];
    if (!audit || audit.score === null || audit.score === undefined || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
    const savings = Object.entries(audit.metricSavings ?? {})
      .filter(([, value]) => value > 0)
      .map(([metric, value]) =>
        metric === 'CLS' ? `${metric} ${value.toFixed(3)}` : `${metric} ${Math.round(value)} ms`,
      );
    findings.push(
      `${audit.title ?? ref.id}${audit.displayValue ? `: ${audit.displayValue}` : ''}` +
        (savings.length ? ` (estimated savings: ${savings.join(', ')})` : ''),
    );
  }
  return {
    url: report.finalDisplayedUrl ?? report.requestedUrl ?? '',
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    fcp: numeric(report, 'first-contentful-paint'),
    lcp: numeric(report, 'largest-contentful-paint'),
    tbt: numeric(report, 'total-blocking-time'),
    speedIndex: numeric(report, 'speed-index'),
    cls: numeric(report, 'cumulative-layout-shift'),
    transfer: numeric(report, 'total-byte-weight'),
    findings,
  };
}

/** The median of several runs' values (Lighthouse's own advice for a variable figure). */
export function median(values: readonly number[]): number {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One printed row: a page's median over its runs. */
export function summaryCells(page: string, runs: readonly LighthouseSummary[]): string[] {
  const of = (pick: (s: LighthouseSummary) => number) => median(runs.map(pick));
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
  return [
    page,
    String(runs.length),
    runs.map((r) => r.performance).join('/'),
    String(of((r) => r.performance)),
    String(of((r) => r.accessibility)),
    String(of((r) => r.bestPractices)),
    seconds(of((r) => r.fcp)),
    seconds(of((r) => r.lcp)),
    `${Math.round(of((r) => r.tbt))} ms`,
    of((r) => r.cls).toFixed(3),
    `${(of((r) => r.transfer) / 1024).toFixed(0)} KiB`,
  ];
}

export const SUMMARY_HEADER = [
  'page',
  'runs',
  'performance (each)',
  'performance',
  'accessibility',
  'best practices',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'transfer',
];
