/**
 * Sampling loop shared by the API bench's runs: warm-up, then samples, each sample one turn of
 * every side (API, bare server, raw replay, ...), the sides taking turns at going first so none
 * always meets a cache another just warmed, under a wall-clock cap so a pathological query cannot
 * stretch a run for hours.
 */
import type { HttpGetter } from './http-client';
import { type Summary, summarize } from './stats';

export interface Side<Name extends string> {
  name: Name;
  /** One timed call, in ms. */
  time(): Promise<number>;
}

export interface SamplingPlan {
  warmup: number;
  count: number;
  /** Stop after this many ms (once 20 samples are in). */
  budgetMs: number;
}

export async function sampleSides<Name extends string>(
  sides: readonly Side<Name>[],
  plan: SamplingPlan,
): Promise<{ summaries: Record<Name, Summary>; n: number }> {
  const samples = new Map<Name, number[]>(sides.map((side) => [side.name, []]));
  const started = performance.now();
  let n = 0;
  for (let i = 0; i < plan.warmup + plan.count; i++) {
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(i + k) % sides.length] as Side<Name>;
      const elapsed = await side.time();
      if (i >= plan.warmup) samples.get(side.name)?.push(elapsed);
    }
    if (i >= plan.warmup) n += 1;
    if (performance.now() - started > plan.budgetMs && n >= 20) break;
  }
  const summaries = Object.fromEntries([...samples].map(([name, list]) => [name, summarize(list)]));
  return { summaries: summaries as Record<Name, Summary>, n };
}

/** A side that GETs `url` and reads the whole body: a client has not got the page until the last byte. */
export function httpSide<Name extends string>(
  name: Name,
  client: HttpGetter,
  url: string,
  headers: Record<string, string>,
): Side<Name> {
  return {
    name,
    async time() {
      const t = performance.now();
      const status = await client.get(url, headers);
      if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
      return performance.now() - t;
    },
  };
}
