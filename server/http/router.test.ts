/**
 * The remembering router answers as Hono's TrieRouter does, gives a remembered path's answer again
 * without walking the trie, and forgets when a route is added. A path with ids is remembered by its
 * shape (decision 064): each UUID segment stands for any UUID, unless a route could tell two apart.
 */
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestApi } from '../test/api';
import { RememberingRouter } from './router';

const ROUTES: [string, string, string][] = [
  ['ALL', '*', 'log'],
  ['ALL', '/api/*', 'limit'],
  ['ALL', '/api/v1/*', 'auth'],
  ['GET', '/api/v1/transactions/export', 'export'],
  ['GET', '/api/v1/transactions/:id', 'transaction'],
  ['GET', '/api/v1/transactions', 'list'],
  ['POST', '/api/v1/transactions/:id/payout', 'payout'],
  ['POST', '/api/v1/platform/payments/:id/status', 'move'],
  ['GET', '/api/v1/merchants/:merchantId/documents/:id', 'document'],
  ['GET', '/assets/*', 'asset'],
];

function both() {
  const trie = new TrieRouter<string>();
  const remembering = new RememberingRouter<string>();
  for (const [method, path, handler] of ROUTES) {
    trie.add(method, path, handler);
    remembering.add(method, path, handler);
  }
  return { trie, remembering };
}

describe('RememberingRouter', () => {
  it('answers every path as the TrieRouter does, the first time and again', () => {
    const { trie, remembering } = both();
    const requests: [string, string][] = [
      ['GET', '/api/v1/transactions'],
      ['GET', '/api/v1/transactions/export'],
      ['GET', '/api/v1/transactions/8a0e1b2c-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/transactions/8a0e1b2c-0000-4000-8000-000000000000/payout'],
      ['DELETE', '/api/v1/transactions'],
      ['GET', '/api/v2/nothing'],
      ['GET', '/assets/index-AbC123.js'],
      ['GET', '/merchants'],
    ];
    for (const [method, path] of requests) {
      const expected = trie.match(method, path);
      expect(remembering.match(method, path), `${method} ${path}`).toEqual(expected);
      expect(remembering.match(method, path), `${method} ${path} again`).toEqual(expected);
    }
  });

  it('walks the trie once per method and path', () => {
    const { remembering } = both();
    const walked = vi.spyOn(TrieRouter.prototype, 'match');
    try {
      const first = remembering.match('GET', '/api/v1/transactions');
      const again = remembering.match('GET', '/api/v1/transactions');
      expect(again).toBe(first);
      remembering.match('HEAD', '/api/v1/transactions');
      expect(walked).toHaveBeenCalledTimes(2);
    } finally {
      walked.mockRestore();
    }
  });

  it('forgets what it remembered when a route is added', () => {
    const { remembering } = both();
    const before = remembering.match('GET', '/api/v1/merchants');
    expect(before[0].map(([handler]) => handler)).not.toContain('merchants');
    remembering.add('GET', '/api/v1/merchants', 'merchants');
    expect(remembering.match('GET', '/api/v1/merchants')[0].map(([handler]) => handler)).toContain(
      'merchants',
    );
  });

  const uuid = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('answers paths with ids as the TrieRouter does, each with its own ids, walking the trie once per shape', () => {
    const { trie, remembering } = both();
    const shapes = [
      (n: number) => ['POST', `/api/v1/platform/payments/${uuid(n)}/status`] as const,
      (n: number) => ['GET', `/api/v1/transactions/${uuid(n)}`] as const,
      (n: number) => ['GET', `/api/v1/merchants/${uuid(n)}/documents/${uuid(n + 1000)}`] as const,
      (n: number) => ['GET', `/api/v1/nothing/${uuid(n)}`] as const,
    ];
    const expected = new Map<string, ReturnType<typeof trie.match>>();
    for (let n = 1; n <= 5; n++) {
      for (const shape of shapes) {
        const [method, path] = shape(n);
        expected.set(`${method} ${path}`, trie.match(method, path));
      }
    }
    const walked = vi.spyOn(TrieRouter.prototype, 'match');
    try {
      for (let n = 1; n <= 5; n++) {
        for (const shape of shapes) {
          const [method, path] = shape(n);
          expect(remembering.match(method, path), `${method} ${path}`).toEqual(
            expected.get(`${method} ${path}`),
          );
        }
      }
      expect(walked).toHaveBeenCalledTimes(shapes.length);
    } finally {
      walked.mockRestore();
    }
    const [, params] = remembering
      .match('GET', `/api/v1/merchants/${uuid(7)}/documents/${uuid(8)}`)[0]
      .find(([handler]) => handler === 'document') as [string, Record<string, string>];
    expect({ ...params }).toEqual({ merchantId: uuid(7), id: uuid(8) });
    // Upper case is a UUID too, and the same UUID twice in one path is answered by the trie itself.
    for (const path of [
      `/api/v1/transactions/${uuid(9).toUpperCase()}`,
      `/api/v1/merchants/${uuid(3)}/documents/${uuid(3)}`,
    ]) {
      expect(remembering.match('GET', path), path).toEqual(trie.match('GET', path));
    }
  });

  it('remembers no shape once a route could tell two UUIDs apart', () => {
    const { trie, remembering } = both();
    const routes: [string, string, string][] = [
      ['GET', '/api/v1/files/:name{0.+}', 'zero-files'],
      ['GET', '/api/v1/files/a*', 'a-files'],
    ];
    for (const [method, path, handler] of routes) {
      trie.add(method, path, handler);
      remembering.add(method, path, handler);
    }
    const walked = vi.spyOn(TrieRouter.prototype, 'match');
    try {
      const paths = [
        `/api/v1/files/${uuid(1)}`,
        `/api/v1/files/a${uuid(2).slice(1)}`,
        `/api/v1/files/b${uuid(3).slice(1)}`,
      ];
      for (const path of paths) expect(remembering.match('GET', path), path).toEqual(trie.match('GET', path));
      expect(walked).toHaveBeenCalledTimes(2 * paths.length);
    } finally {
      walked.mockRestore();
    }
  });

  it("keeps the shape memory on with the app's own routes", async () => {
    const api = await createTestApi('pglite');
    try {
      const router = api.app.router as RememberingRouter<unknown>;
      expect(router).toBeInstanceOf(RememberingRouter);
      expect(router.remembersShapes).toBe(true);
    } finally {
      await api.dispose();
    }
  });
});
