import { describe, expect, it } from 'vitest';
import { allocationsByOwner, allocationsBySite, ownerOf, type ProfileNode } from './allocations';

const node = (url: string, selfSize: number, children: ProfileNode[] = []): ProfileNode => ({
  callFrame: { url, functionName: '' },
  selfSize,
  children,
});

describe('allocations by owner', () => {
  it('names the owner of a source file', () => {
    expect(ownerOf('file:///w/node_modules/@electric-sql/pglite/dist/index.js')).toBe(
      'PGlite (its JavaScript)',
    );
    expect(ownerOf('file:///w/node_modules/@hono/node-server/dist/index.mjs')).toBe(
      'Hono and its Node adapter',
    );
    expect(ownerOf('file:///w/node_modules/drizzle-orm/pg-core/session.js')).toBe('drizzle-orm');
    expect(ownerOf('node:internal/streams/writable')).toBe('Node (http, net, streams)');
    expect(ownerOf('file:///w/server/db/row-reader.ts')).toBe('server/db/row-reader.ts');
    expect(ownerOf('file:///w/bench/api/socket-client.ts')).toBe('the bench (client, bare server)');
    expect(ownerOf('')).toBeUndefined();
  });

  it('bills a builtin to the innermost frame above it that has a file', () => {
    const tree = node('', 0, [
      node('file:///w/server/http/envelope.ts', 100, [
        // JSON.stringify called by the envelope: the envelope's.
        node('', 1000),
        node('file:///w/node_modules/hono/dist/context.js', 10, [node('node:buffer', 5)]),
      ]),
      node('', 7),
    ]);
    expect(Object.fromEntries(allocationsByOwner(tree))).toEqual({
      'server/http/envelope.ts': 1100,
      'Hono and its Node adapter': 10,
      'Node (http, net, streams)': 5,
      '(no JavaScript frame)': 7,
    });
  });

  it('names the allocating function and line of each site', () => {
    const tree = node('', 0, [
      {
        callFrame: { url: 'file:///w/server/db/row-reader.ts', functionName: 'map', lineNumber: 9 },
        selfSize: 40,
        children: [node('', 2)],
      },
    ]);
    expect(Object.fromEntries(allocationsBySite(tree))).toEqual({
      'server/db/row-reader.ts: map (row-reader.ts:10)': 42,
    });
  });
});
