/**
 * The pure half of cpu-profile.ts: folds a V8 CPU profile (`Profiler.stop`) into self time per
 * owner (allocations.ts's owners, with undici, Node's bundled fetch classes, apart from the rest of
 * Node) or per function. A builtin without a source file (JSON.stringify, a regexp) is billed to
 * its nearest caller that has one, as the allocation profile does; the collector, the program and
 * idle time keep their own names.
 */
import { ownerOf } from './allocations';

/** The parts of a `Profiler.Profile` this reads. */
export interface CpuProfile {
  nodes: readonly {
    id: number;
    callFrame: { url: string; functionName: string; lineNumber?: number };
    children?: readonly number[];
  }[];
  samples?: readonly number[];
  timeDeltas?: readonly number[];
}

/** V8's pseudo-frames, each its own line rather than billed to a caller. */
const PSEUDO = new Set(['(garbage collector)', '(program)', '(idle)']);

/** The owner of one frame for CPU: undici apart from the rest of Node. */
export function cpuOwnerOf(url: string): string | undefined {
  if (url.includes('undici')) return 'undici (Headers, Request, Response)';
  return ownerOf(url);
}

function siteOf(frame: { url: string; functionName: string; lineNumber?: number }): string | undefined {
  const owner = cpuOwnerOf(frame.url);
  if (owner === undefined) return undefined;
  const file = frame.url.split('/').at(-1);
  const line = frame.lineNumber === undefined ? '' : `:${frame.lineNumber + 1}`;
  return `${owner}: ${frame.functionName || '(anonymous)'} (${file}${line})`;
}

/**
 * Microseconds of self time per owner or per function (`site`), from the samples and their time
 * deltas. A builtin's own name is kept in front of its caller's site (`JSON.stringify ← …`).
 */
export function selfTimeBy(profile: CpuProfile, by: 'owner' | 'site'): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameCache = new Map<number, string>();
  const nameOf = (id: number): string => {
    const cached = nameCache.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id);
    let name: string;
    if (!node) name = '(unknown)';
    else if (PSEUDO.has(node.callFrame.functionName)) name = node.callFrame.functionName;
    else {
      const own = by === 'owner' ? cpuOwnerOf(node.callFrame.url) : siteOf(node.callFrame);
      if (own !== undefined) name = own;
      else {
        const up = parent.get(id);
        const caller = up === undefined ? '(no JavaScript frame)' : nameOf(up);
        const builtin = node.callFrame.functionName;
        name = by === 'site' && builtin && builtin !== '(root)' ? `${builtin} ← ${caller}` : caller;
      }
    }
    nameCache.set(id, name);
    return name;
  };
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the delta to the next one (V8 records the delta before each sample).
    const us = deltas[i + 1] ?? 0;
    const name = nameOf(samples[i] as number);
    totals.set(name, (totals.get(name) ?? 0) + us);
  }
  return totals;
}
