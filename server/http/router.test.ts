/**
 * The remembering router answers as Hono's TrieRouter does, gives a remembered path's answer again
 * without walking the trie, and forgets when a route is added.
 */
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it, vi } from 'vitest';
import { RememberingRouter } from './router';

const ROUTES: [string, string, string][] = [
  ['ALL', '*', 'log'],
  ['ALL', '/api/*', 'limit'],
  ['ALL', '/api/v1/*', 'auth'],
  ['GET', '/api/v1/transactions/export', 'export'],
  ['GET', '/api/v1/transactions/:id', 'transaction'],
  ['GET', '/api/v1/transactions', 'list'],
  ['POST', '/api/v1/transactions/:id/payout', 'payout'],
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
});
