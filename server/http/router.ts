/**
 * The app's router: Hono's TrieRouter, its answers remembered per method and path (decision 060),
 * and per path shape when the path carries ids (decision 064).
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
 * A path with a UUID in it (`/platform/payments/<id>/status`, `/merchants/<id>`) is seldom sent
 * twice: the platform moves each payment once, so every move walked the trie (25-30 µs of the
 * ingestion profile's move call) and filled the memory above with paths never asked again, pushing
 * the console's list paths out of it every 2,000 ids. Such a path is remembered by its shape instead,
 * each UUID segment standing for any UUID: the trie's answer for one path of the shape is kept with
 * each parameter that held a UUID segment noted by that segment's place, and a later path of the
 * same shape gets the same handlers with its own segments as those parameters. That holds because
 * the trie treats two UUID segments alike when every route segment is a static word, a whole `*` or
 * a plain `:name` parameter (no regular expression, no partial wildcard, no optional parameter) and
 * no static segment is itself a UUID: checked for each route added; a route that is not so turns
 * the shape memory off for good.
 *
 * A path's answer depends only on the routes added, all of them before the first request
 * (server/app.ts), and adding one forgets everything remembered. Bounded: past REMEMBERED paths
 * (or shapes) the memory starts again.
 */
import type { Params, Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

const REMEMBERED = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A route segment the trie matches the same way for any two UUIDs (see above). */
const PLAIN_PARAMETER = /^:\w+$/;

function shapeSafe(routePath: string): boolean {
  return routePath.split('/').every((segment) => {
    if (segment === '*' || PLAIN_PARAMETER.test(segment)) return true;
    return !/[*:{}?]/.test(segment) && !UUID.test(segment);
  });
}

/** A parameter's value: a constant of the shape, or the path's UUID segment at that place. */
type Slot = string | { readonly segment: number };

/** One remembered shape: per handler, its parameters (shared when none came from a UUID segment). */
type Template<T> = readonly (readonly [T, Params] | readonly [T, Readonly<Record<string, Slot>>, true])[];

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter (TrieRouter)';
  readonly #trie = new TrieRouter<T>();
  #answers = new Map<string, Result<T>>();
  #shapes = new Map<string, Template<T>>();
  #byShape = true;

  /** Whether paths with ids are remembered by their shape (every route added allows it). */
  get remembersShapes(): boolean {
    return this.#byShape;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers = new Map();
    this.#shapes = new Map();
    if (!shapeSafe(path)) this.#byShape = false;
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known !== undefined) return known;
    if (this.#byShape && path.length >= 36) {
      const byShape = this.#matchByShape(method, path);
      if (byShape !== undefined) return byShape;
    }
    const answer = this.#trie.match(method, path);
    if (this.#answers.size >= REMEMBERED) this.#answers = new Map();
    this.#answers.set(key, answer);
    return answer;
  }

  /** The answer through the path's shape, or undefined when the path holds no UUID (or one twice). */
  #matchByShape(method: string, path: string): Result<T> | undefined {
    const segments = path.split('/');
    const ids: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as string;
      if (segment.length === 36 && UUID.test(segment)) {
        if (ids.includes(segment)) return undefined;
        ids.push(segment);
        segments[i] = '\0';
      }
    }
    if (ids.length === 0) return undefined;
    const shapeKey = `${method} ${segments.join('/')}`;
    const template = this.#shapes.get(shapeKey);
    if (template !== undefined) return [template.map((entry) => instantiate(entry, ids))] as Result<T>;
    const answer = this.#trie.match(method, path);
    if (this.#shapes.size >= REMEMBERED) this.#shapes = new Map();
    this.#shapes.set(shapeKey, templateOf(answer, ids));
    return answer;
  }
}

function templateOf<T>(answer: Result<T>, ids: readonly string[]): Template<T> {
  return (answer[0] as [T, Params][]).map(([handler, params]) => {
    let slots: Record<string, Slot> | undefined;
    for (const name in params) {
      const at = ids.indexOf(params[name] as string);
      if (at < 0) continue;
      slots ??= { ...params };
      slots[name] = { segment: at };
    }
    return slots === undefined ? ([handler, params] as const) : ([handler, slots, true] as const);
  });
}

function instantiate<T>(entry: Template<T>[number], ids: readonly string[]): [T, Params] {
  if (entry.length === 2) return entry as [T, Params];
  const params: Params = Object.create(null);
  for (const name in entry[1]) {
    const slot = entry[1][name] as Slot;
    params[name] = typeof slot === 'string' ? slot : (ids[slot.segment] as string);
  }
  return [entry[0], params];
}
