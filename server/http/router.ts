/**
 * The app's router: Hono's TrieRouter, its answers remembered per method and path (decision 060).
 *
 * Hono's default (SmartRouter) tries its RegExpRouter, which precompiles every route into one
 * regular expression and remembers static paths, and falls back to the TrieRouter when a route
 * cannot be compiled: ours cannot (`/transactions/export` beside `/transactions/:id`), so every
 * request walked the trie from the root and split its path again, for the ~8 middleware patterns
 * and the operation's (about 6 µs a request in a CPU profile). The console sends the same few list
 * paths over and over (the query string is not part of the path), so the trie's answer for a path is
 * kept and given again: the same object, as the RegExpRouter gives for a static path. Hono only reads
 * a match result (its handlers and the path's parameters), never changes it.
 *
 * A path's answer depends only on the routes added, all of them before the first request
 * (server/app.ts), and adding one forgets everything remembered. Bounded: past REMEMBERED paths
 * (ids make most detail paths distinct) the memory starts again.
 */
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

const REMEMBERED = 2000;

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter (TrieRouter)';
  readonly #trie = new TrieRouter<T>();
  #answers = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#answers = new Map();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known !== undefined) return known;
    const answer = this.#trie.match(method, path);
    if (this.#answers.size >= REMEMBERED) this.#answers = new Map();
    this.#answers.set(key, answer);
    return answer;
  }
}
