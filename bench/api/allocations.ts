/**
 * Where a request's allocations come from: the pure half of `alloc-profile.ts`. V8's sampling heap
 * profiler, told to keep objects the collector has already freed, reports the bytes allocated at
 * each JavaScript stack; this folds that tree into who allocated them (PGlite's JavaScript, drizzle,
 * Hono, our files under server/, Node's own HTTP and streams, the bench's client), naming for each
 * allocation the innermost frame that has a source file: a builtin such as JSON.stringify or
 * Array.prototype.map is billed to whoever called it.
 */

/** The parts of a `HeapProfiler.SamplingHeapProfileNode` this reads. */
export interface ProfileNode {
  callFrame: { url: string; functionName: string; lineNumber?: number };
  selfSize: number;
  children: readonly ProfileNode[];
}

/** Who a frame's source file belongs to; undefined: no file of its own (a builtin, native code). */
export function ownerOf(url: string): string | undefined {
  if (url === '') return undefined;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg === '@electric-sql/pglite') return 'PGlite (its JavaScript)';
  if (pkg === 'hono' || pkg === '@hono/node-server') return 'Hono and its Node adapter';
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'Node (http, net, streams)';
  const ours = /\/(server|contract|bench)\/(.+)$/.exec(url);
  if (ours) return ours[1] === 'bench' ? 'the bench (client, bare server)' : `${ours[1]}/${ours[2]}`;
  return 'other';
}

/** Bytes allocated per owner (see ownerOf), over the whole profile. */
export function allocationsByOwner(
  head: ProfileNode,
  owner: (url: string) => string | undefined = ownerOf,
): Map<string, number> {
  return billed(head, (node) => owner(node.callFrame.url));
}

/**
 * Bytes allocated per site: the innermost function with a source file, as
 * `owner: function (file:line)`, to say which code of an owner allocates.
 */
export function allocationsBySite(head: ProfileNode): Map<string, number> {
  return billed(head, ({ callFrame }) => {
    const owner = ownerOf(callFrame.url);
    if (owner === undefined) return undefined;
    const file = callFrame.url.split('/').at(-1);
    const line = callFrame.lineNumber === undefined ? '' : `:${callFrame.lineNumber + 1}`;
    return `${owner}: ${callFrame.functionName || '(anonymous)'} (${file}${line})`;
  });
}

/** Sums each node's own bytes under the name of its innermost named ancestor (itself included). */
function billed(head: ProfileNode, name: (node: ProfileNode) => string | undefined): Map<string, number> {
  const totals = new Map<string, number>();
  const walk = (node: ProfileNode, inherited: string) => {
    const own = name(node) ?? inherited;
    if (node.selfSize > 0) totals.set(own, (totals.get(own) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, own);
  };
  walk(head, '(no JavaScript frame)');
  return totals;
}
