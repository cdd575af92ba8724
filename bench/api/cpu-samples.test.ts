/**
 * Folding a CPU profile: a sample's time is the delta recorded before the next one; a builtin is
 * billed to its caller with a file (by owner) or named in front of it (by function); the
 * collector keeps its own line.
 */
import { describe, expect, it } from 'vitest';
import { type CpuProfile, cpuOwnerOf, selfTimeBy } from './cpu-samples';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });

const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5] },
    { id: 2, callFrame: frame('dispatch', 'file:///x/node_modules/hono/dist/compose.js'), children: [3] },
    { id: 3, callFrame: frame('jsonAnswer', 'file:///x/server/http/compression.ts'), children: [4] },
    { id: 4, callFrame: frame('stringify') },
    { id: 5, callFrame: frame('(garbage collector)') },
  ],
  samples: [2, 4, 4, 5, 3],
  timeDeltas: [0, 10, 20, 30, 40],
};

describe('selfTimeBy', () => {
  it('bills a builtin to its caller, by owner', () => {
    expect(Object.fromEntries(selfTimeBy(profile, 'owner'))).toEqual({
      'Hono and its Node adapter': 10,
      'server/http/compression.ts': 20 + 30,
      '(garbage collector)': 40,
      // The last sample has no delta after it.
    });
  });

  it('names a builtin in front of its caller, by function', () => {
    const bySite = selfTimeBy(profile, 'site');
    expect(bySite.get('stringify ← server/http/compression.ts: jsonAnswer (compression.ts:10)')).toBe(50);
    expect(bySite.get('Hono and its Node adapter: dispatch (compose.js:10)')).toBe(10);
  });

  it('tells undici apart from the rest of Node', () => {
    expect(cpuOwnerOf('node:internal/deps/undici/undici')).toBe('undici (Headers, Request, Response)');
    expect(cpuOwnerOf('node:_http_outgoing')).toBe('Node (http, net, streams)');
  });
});
