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
 * read: what a path costs with its callees).
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

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      per: { type: 'string', default: '1' },
      top: { type: 'string', default: '40' },
      match: { type: 'string' },
    },
  });
  const per = Number(values.per);
  const top = Number(values.top);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const places = new Map<string, number>();
  let all = 0;
  for (const file of positionals) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      const leaf = byId.get(id);
      if (!leaf) return;
      all += us;
      const leafKey = keyOf(leaf);
      self.set(leafKey, (self.get(leafKey) ?? 0) + us);
      const place = placeOf(leaf.callFrame.url, leaf.callFrame.functionName);
      places.set(place, (places.get(place) ?? 0) + us);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        if (!node) break;
        const key = keyOf(node);
        if (seen.has(key)) continue;
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + us);
      }
    });
  }
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
}

main();
