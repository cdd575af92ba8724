/**
 * Growth curves, the measuring half: for each step of the plan (scale.ts), a fresh seed of that size
 * (database.ts, the project's own seed code), the real app served on it (bench-app.ts), and each
 * list call (queries.ts) timed through HTTP with the lean client, as the ordinary run times its
 * HTTP column. The table is printed again after every step, so a long run stopped halfway still
 * leaves its figures.
 */

import { queryRows } from '../../server/db/connect';
import { startBenchApp } from './bench-app';
import { openBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { benchQueries } from './queries';
import { p95Target, type ScaleResult, scalePlan, scaleTable, sizeName, stepKey } from './scale';
import { socketGetter } from './socket-client';
import { markdownTable, ms, table } from './stats';
import { httpSide, sampleSides } from './timing';

export async function runScale(
  options: BenchOptions,
  scale: NonNullable<BenchOptions['scale']>,
  outDir: string,
  budgetMs: number,
): Promise<void> {
  const plan = scalePlan(scale.sizes, scale.dbs);
  console.log(
    `Growth curves: ${plan.map((s) => `${sizeName(s.transactions)} on ${s.db}`).join(', ')}; ` +
      `${options.warmup} warm-up + up to ${options.samples} samples per query`,
  );
  const results: ScaleResult[] = [];
  for (const planned of plan) {
    const started = performance.now();
    const bench = await openBenchDatabase({
      kind: planned.db,
      serverUrl: options.serverUrl,
      outDir,
      reuse: scale.reuse.get(stepKey(planned)),
      keep: options.keep,
      transactions: planned.transactions,
      merchants: planned.merchants,
      namePrefix: 'bench_scale',
    });
    try {
      if (options.seedOnly) {
        console.log(`  kept for --scale-reuse: ${stepKey(planned)}=${bench.location}`);
        continue;
      }
      // A reused seed says what it holds.
      const [held] = await queryRows<{ transactions: number; merchants: number }>(
        bench.handle.db,
        'select (select count(*) from transactions)::int as transactions, (select count(*) from merchants)::int as merchants',
      );
      const step = { ...planned, merchants: held?.merchants ?? planned.merchants };
      if (held && held.transactions !== planned.transactions) {
        console.log(
          `  note: ${bench.location} holds ${held.transactions} transactions, not ${planned.transactions}`,
        );
      }
      if (options.vacuum) {
        await bench.handle.db.execute(
          'VACUUM (ANALYZE) transactions, merchants, merchant_compliance, merchant_contact_persons',
        );
      }
      const app = await startBenchApp(bench.handle);
      const client = socketGetter();
      const p95 = new Map<string, number>();
      const floors = new Set<string>();
      try {
        for (const query of await benchQueries(bench.handle.db)) {
          const side = httpSide('http', client, `${app.base}${query.path}`, app.headers);
          const { summaries, n } = await sampleSides([side], {
            warmup: options.warmup,
            count: options.samples,
            budgetMs,
          });
          p95.set(query.label, summaries.http.p95);
          if (query.floor) floors.add(query.label);
          const over =
            !query.floor && summaries.http.p95 >= p95Target(step) ? ` (target < ${p95Target(step)})` : '';
          console.log(
            `  ${sizeName(step.transactions)} ${step.db}, ${query.label} (${query.path}): ` +
              `p50 ${ms(summaries.http.p50)}, p95 ${ms(summaries.http.p95)} ms${over} (n=${n})`,
          );
        }
      } finally {
        client.close();
        await app.close();
      }
      results.push({
        step,
        p95,
        floors,
        seedSeconds: bench.seedMs === undefined ? undefined : bench.seedMs / 1000,
      });
      if (options.keep) console.log(`  kept for --scale-reuse: ${stepKey(planned)}=${bench.location}`);
    } finally {
      await bench.dispose();
    }
    console.log(
      `  step done in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${await loadAverage()}`,
    );
    const { header, rows } = scaleTable(results);
    console.log(
      '\nHTTP p95 per list call, ms (" !": over the target: 10 ms PostgreSQL, 30 ms PGlite, ' +
        'twice that above a million):\n',
    );
    console.log(table(header, rows));
    console.log(`\nMarkdown:\n\n${markdownTable(header, rows)}\n`);
  }
}

async function loadAverage(): Promise<string> {
  const { loadavg } = await import('node:os');
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
