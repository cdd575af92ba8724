/**
 * Garbage-collection pauses while the bench times requests. Client, API, bare server and raw replay
 * share one Node thread, so a pause lands in whichever sample is running; how many there were and
 * how long they took says how much of a p95 can be the collector's (docs/decisions/020).
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { summarize } from './stats';

export interface GcPauses {
  /** Stops counting; a summary line per kind of collection seen. */
  stop(): string[];
}

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenges',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compacts',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking steps',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** The kind of a `gc` entry, from its detail. */
export function gcKind(entry: { readonly detail?: unknown }): string {
  const kind = (entry.detail as { kind?: number } | null | undefined)?.kind;
  return (kind !== undefined && KINDS[kind]) || `kind ${kind ?? 'unknown'}`;
}

/** One line per kind: count, total and p50/max of the pauses, in ms. */
export function describePauses(durations: ReadonlyMap<string, readonly number[]>): string[] {
  return [...durations].map(([kind, list]) => {
    const total = list.reduce((sum, d) => sum + d, 0);
    const { p50, max } = summarize(list);
    return `${list.length} ${kind}: ${total.toFixed(0)} ms in all, p50 ${p50.toFixed(2)} ms, max ${max.toFixed(2)} ms`;
  });
}

export function watchGcPauses(): GcPauses {
  const durations = new Map<string, number[]>();
  const add = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = gcKind(entry as { readonly detail?: unknown });
      let bucket = durations.get(kind);
      if (!bucket) {
        bucket = [];
        durations.set(kind, bucket);
      }
      bucket.push(entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      // Entries not yet delivered belong to the timed stretch too.
      add(observer.takeRecords());
      observer.disconnect();
      return describePauses(durations);
    },
  };
}
