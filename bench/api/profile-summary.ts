/**
 * Sums CPU profiles (`.cpuprofile`, as `bench:ingest --profile` writes them) by function: self time
 * (the function's own code) and total time (the function with everything it called, each sample
 * counted once however often the function recurs on its stack), and self time by where the code
 * lives (a package under node_modules, a project folder, node's internals, GC, idle). With
 * `--per N` every figure is also divided by N (the events the profiles cover), in µs.
 *
 *   node --import tsx bench/api/profile-summary.ts [--per N] [--top K] [--match TEXT] FILE…
 *
 * `--match` lists only functions whose name or file contains TEXT (total time is then the figure to
 * read: what a path costs with its callees). `--base FILE…` with `--base-per M` sums a second set
 * (the raw side's profiles of the same run) and lists, per event, what the first set adds over it,
 * by place and by function: what the API adds over the same statements as raw SQL.
 *
 *   node --import tsx bench/api/profile-summary.ts --per N PREFIX-api-*.cpuprofile \
 *     $(for f in PREFIX-raw-*.cpuprofile; do echo --base $f; done) --base-per M
 *
 * (one `--base` per file: a glob after a single `--base` would add the rest to the first set).
 * `bench:ingest --compare DIR --profile PREFIX` writes `PREFIX-other-*` for the other tree's app.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: the package, the project folder, or node's and V8's own. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const project = /\/(server|bench|contract|src)\/(.*)$/.exec(url);
  return project ? `${project[1]}/${project[2]?.split('/').slice(0, -1).join('/') || '.'}` : url;
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(node_modules|server|bench|contract|src)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

interface Sums {
  /** Every sample's time, µs. */
  all: number;
  self: Map<string, number>;
  total: Map<string, number>;
  places: Map<string, number>;
}

/** Self and total time by function, and self time by place, over the profiles in `files`. */
export function sumProfiles(files: readonly string[]): Sums {
  const sums: Sums = { all: 0, self: new Map(), total: new Map(), places: new Map() };
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      const leaf = byId.get(id);
      if (!leaf) return;
      sums.all += us;
      add(sums.self, keyOf(leaf), us);
      add(sums.places, placeOf(leaf.callFrame.url, leaf.callFrame.functionName), us);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        if (!node) break;
        const key = keyOf(node);
        if (seen.has(key)) continue;
        seen.add(key);
        add(sums.total, key, us);
      }
    });
  }
  return sums;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      per: { type: 'string', default: '1' },
      top: { type: 'string', default: '40' },
      match: { type: 'string' },
      base: { type: 'string', multiple: true },
      'base-per': { type: 'string' },
    },
  });
  const per = Number(values.per);
  const top = Number(values.top);
  const { all, self, total, places } = sumProfiles(positionals);
  const show = (us: number) =>
    `${(us / 1000).toFixed(1).padStart(9)} ms ${(us / per).toFixed(1).padStart(8)} µs/event`;
  const ranked = (m: Map<string, number>) =>
    [...m]
      .filter(([key]) => !values.match || key.includes(values.match))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
  console.log(`all samples: ${show(all)}`);
  console.log('\nself time by place:');
  for (const [place, us] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${show(us)}  ${place}`);
  console.log('\nself time by function:');
  for (const [key, us] of ranked(self)) console.log(`${show(us)}  ${key}`);
  console.log('\ntotal time by function:');
  for (const [key, us] of ranked(total)) console.log(`${show(us)}  ${key}`);
  if (values.base?.length) compare({ all, self, places }, sumProfiles(values.base), per, values, top);
}

/**
 * `--base FILE…` (with `--base-per M`, its events): the same work done another way (the raw side's
 * profiles), per event, beside these, and what these add over it, by place and by function.
 */
function compare(
  these: Pick<Sums, 'all' | 'self' | 'places'>,
  base: Sums,
  per: number,
  values: { match?: string | undefined; 'base-per'?: string | undefined },
  top: number,
): void {
  const basePer = Number(values['base-per'] ?? per);
  const cell = (us: number, n: number) => (us / n).toFixed(1).padStart(8);
  const line = (a: number, b: number, label: string) =>
    `${cell(a, per)} ${cell(b, basePer)} ${cell(a / per - b / basePer, 1)}  ${label}`;
  const rows = (a: Map<string, number>, b: Map<string, number>, filter: (key: string) => boolean) =>
    [...new Set([...a.keys(), ...b.keys()])]
      .filter(filter)
      .map((key) => [key, a.get(key) ?? 0, b.get(key) ?? 0] as const)
      .sort((x, y) => y[1] / per - y[2] / basePer - (x[1] / per - x[2] / basePer))
      .slice(0, top);
  console.log('\nagainst the base, µs per event (these, base, these - base):');
  console.log(line(these.all, base.all, 'all samples'));
  console.log('\nself time by place, largest difference first:');
  for (const [place, a, b] of rows(these.places, base.places, () => true)) console.log(line(a, b, place));
  console.log('\nself time by function, largest difference first:');
  for (const [key, a, b] of rows(these.self, base.self, (key) => !values.match || key.includes(values.match)))
    console.log(line(a, b, key));
}

main();
