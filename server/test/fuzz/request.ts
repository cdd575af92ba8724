/**
 * Malformed requests for one declared operation, as fast-check arbitraries: its path parameters,
 * query and body, each either as valid as the declaration allows or broken in one place (or wholly
 * wrong), with a content type and a caller. Each request says whether it must be refused and why:
 * a request that can change nothing is what lets the suite demand that nothing changed.
 */

import { formFields, type Operation } from '@contract/operations/define';
import { accessRefusal } from '@contract/operations/input';
import { type PermissionMap, toPermissionMap } from '@contract/permissions';
import fc from 'fast-check';
import type * as v from 'valibot';
import { DEMO_USERS, type DemoUserKey } from '../../db/seed/demo-users';
import { hostileFor, hostileJson, hostileText, LONG, ruleRefusal } from './hostile';
import {
  ABSENT,
  arrayItem,
  baseline,
  type FieldKind,
  fieldKind,
  issuesAt,
  objectEntries,
  refusal,
} from './schema';

export type Role = DemoUserKey | 'anonymous' | 'bad-token';
const ROLES: readonly Role[] = [...(Object.keys(DEMO_USERS) as DemoUserKey[]), 'anonymous', 'bad-token'];

/** server/app.ts MAX_BODY_BYTES. */
const MAX_BODY_BYTES = 1024 * 1024;

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Sign-in is a POST that writes nothing when it succeeds (it answers a token), so it may answer 200
 * like a read; every other POST, PUT, PATCH and DELETE is sent only when it must be refused.
 */
function mayAnswerSuccess(operation: Operation): boolean {
  return !MUTATING.has(operation.method) || operation.body?.form === true;
}

/** What the suite knows of the database it fuzzes. */
export interface FuzzContext {
  /** Ids that exist, for an operation's `{id}` (its resource's, else any). */
  readonly ids: (operation: Operation) => readonly string[];
  /** Every id the suite saw stored (lower-cased), of any resource. */
  readonly storedIds: ReadonlySet<string>;
  /** Stored files' paths under /files/ ('logos/x.svg'). */
  readonly files: readonly string[];
  /** A stored record of the operation's resource, as its list answers it, if there is one. */
  readonly sample: (operation: Operation) => Readonly<Record<string, unknown>> | undefined;
  /** The sibling `POST` of an update, whose field rules the update must not be weaker than. */
  readonly createOf: (operation: Operation) => Operation | undefined;
}

/** One part of a request as sent, and why it alone must be refused (null: it need not be). */
interface Part<T = string> {
  readonly value: T;
  readonly refusal: string | null;
  readonly note: string;
}

/**
 * How one part of a request varies: at random, its valid form (the others' company when one part is
 * broken), and the edge cases of issue 18 that every run sends once each (`edgeRequests`).
 */
interface Parts<P extends Part<string | undefined> = Part> {
  readonly arbitrary: fc.Arbitrary<P>;
  readonly base: P;
  readonly edges: readonly P[];
}

export interface FuzzRequest {
  readonly operation: Operation;
  readonly role: Role;
  /** Path and query as sent, from /api/v1 on. */
  readonly url: string;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
  /** Why the request must be refused (4xx), or null when it may succeed. */
  readonly mustRefuse: string | null;
  /** How each part was made. */
  readonly notes: readonly string[];
}

const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate goes as U+FFFD, as fetch sends it). */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A query value as Hono's `c.req.query()` reads it ('+' is a space; a bad escape stays as sent). */
function honoDecode(raw: string): string {
  const value = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (match) => {
      try {
        return decodeURIComponent(match);
      } catch {
        return match;
      }
    });
  }
}

/** Escapes written as sent: NUL, bad UTF-8, an encoded surrogate, an overlong NUL, a lone `%`. */
const RAW_ESCAPES = ['%00', 'a%00b', '%', '%zz', '%ED%A0%80', '%C0%80', '%FF', '%2F', '%2e%2e', '+', '%2B'];

const rawOrEncoded = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((s) => ({ raw: percentEncode(s), note: JSON.stringify(s) })) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES).map((raw) => ({ raw, note: `raw ${raw}` })) },
);

function idPart(operation: Operation, context: FuzzContext): Parts {
  const mutating = MUTATING.has(operation.method);
  const existing = context.ids(operation);
  const exists = (id: string) => existing.some((x) => x.toLowerCase() === id.toLowerCase());
  const arbitraries: fc.Arbitrary<Part>[] = [
    fc.uuid().map((id) => ({
      value: id,
      // A read of what is not there may answer an empty page; a write to it must be refused.
      refusal: mutating && !exists(id) ? 'no such id' : null,
      note: `{id} ${id} (random)`,
    })),
    rawOrEncoded.map(({ raw, note }) => {
      const decoded = honoDecode(raw);
      const isUuid = UUID.test(decoded);
      // `.` and `..` (even as %2e) are dot segments: the URL drops them, and the path names another route.
      const dotSegment = decoded === '.' || decoded === '..';
      return {
        value: raw,
        refusal: dotSegment
          ? null
          : !isUuid
            ? 'the id is not a UUID'
            : mutating && !exists(decoded)
              ? 'no such id'
              : null,
        note: `{id} ${note}`,
      };
    }),
  ];
  if (existing.length > 0)
    arbitraries.unshift(
      fc.constantFrom(...existing).map((id) => ({ value: id, refusal: null, note: `{id} ${id} (exists)` })),
      fc
        .constantFrom(...existing)
        .map((id) => ({ value: `${id}%00`, refusal: 'the id is not a UUID', note: `{id} ${id}%00` })),
    );
  const first = existing[0] ?? '00000000-0000-4000-8000-000000000000';
  return {
    arbitrary: fc.oneof(...arbitraries),
    base: {
      value: first,
      refusal: mutating && !exists(first) ? 'no such id' : null,
      note: `{id} ${first}${exists(first) ? ' (exists)' : ''}`,
    },
    edges: [
      { value: `${first}%00`, refusal: 'the id is not a UUID', note: `{id} ${first}%00` },
      { value: '%00', refusal: 'the id is not a UUID', note: '{id} %00' },
    ],
  };
}

function filePathPart(context: FuzzContext, prefix: string): Parts {
  const stored = context.files
    .filter((f) => f.startsWith(prefix))
    .map((f) => f.slice(prefix.length).split('/').map(percentEncode).join('/'));
  const hostile = fc.array(rawOrEncoded, { minLength: 1, maxLength: 3 }).map((segments) => {
    const raw = segments.map((s) => s.raw).join('/');
    return {
      value: raw,
      refusal: honoDecode(raw).includes('\u0000') ? 'the file path holds a NUL character' : null,
      note: `{path} ${segments.map((s) => s.note).join(' / ')}`,
    };
  });
  const dotted = fc.constantFrom('../../etc/passwd', '..%2F..%2Fsecret', '%2e%2e/%2e%2e/x', '', '/', '//x');
  const first = stored[0] ?? 'missing.txt';
  const nul = 'the file path holds a NUL character';
  return {
    arbitrary: fc.oneof(
      ...(stored.length > 0
        ? [
            fc
              .constantFrom(...stored)
              .map((value) => ({ value, refusal: null, note: `{path} ${value} (exists)` })),
          ]
        : []),
      hostile,
      dotted.map((value) => ({ value, refusal: null, note: `{path} ${value}` })),
    ),
    base: { value: first, refusal: null, note: `{path} ${first}` },
    edges: [
      { value: '%00', refusal: nul, note: '{path} %00' },
      { value: `${first}%00`, refusal: nul, note: `{path} ${first}%00` },
    ],
  };
}

function pathPart(operation: Operation, context: FuzzContext): Parts {
  const [before = '', after = ''] = operation.path.split(/\{[^}]+\}/);
  const within = (parts: Parts): Parts => {
    const place = (p: Part): Part => ({ ...p, value: `${before}${p.value}${after}` });
    return { arbitrary: parts.arbitrary.map(place), base: place(parts.base), edges: parts.edges.map(place) };
  };
  if (operation.path.includes('{id}')) return within(idPart(operation, context));
  if (operation.path.includes('{path}'))
    return within(filePathPart(context, before.replace(/^\/files\//, '')));
  const plain = { value: operation.path, refusal: null, note: '' };
  return { arbitrary: fc.constant(plain), base: plain, edges: [] };
}

interface QueryPair {
  readonly key: string;
  readonly raw: string;
  readonly note: string;
}

function queryPart(operation: Operation, context: FuzzContext): Parts {
  const schema = operation.query;
  const entries = schema ? objectEntries(schema) : null;
  if (!schema || !entries) {
    // Parameters nobody declared are ignored, whatever they hold.
    const arbitrary = fc
      .option(
        rawOrEncoded.map(({ raw, note }) => [{ key: 'x', raw, note: `x=${note}` }]),
        { freq: 4 },
      )
      .map((pairs) => queryFromPairs(pairs ?? [], schema));
    return { arbitrary, base: queryFromPairs([], schema), edges: [] };
  }
  const base = baseline(schema, context.ids(operation), true) as Record<string, string>;
  const keys = Object.keys(entries);
  const basePair = (key: string): QueryPair[] =>
    base[key] === undefined ? [] : [{ key, raw: percentEncode(base[key]), note: `${key}=${base[key]}` }];
  const broken = (key: string) => rawOrEncoded.map(({ raw, note }) => [{ key, raw, note: `${key}=${note}` }]);
  // One field broken and the others valid reaches that field's use (a search, a filter); with
  // several broken, the first refusal hides the rest.
  const oneBroken = fc
    .tuple(fc.constantFrom(...keys), rawOrEncoded)
    .map(([key, { raw, note }]) =>
      keys.flatMap((k) => (k === key ? [{ key, raw, note: `${key}=${note}` }] : basePair(k))),
    );
  const anyBroken = fc
    .tuple(
      ...keys.map((key) => fc.oneof(fc.constant(basePair(key)), fc.constant<QueryPair[]>([]), broken(key))),
    )
    .map((fields) => fields.flat());
  const extras = fc.array(
    fc.oneof(
      rawOrEncoded.map(({ raw, note }) => ({ key: 'unknown', raw, note: `unknown=${note}` })),
      fc
        .tuple(
          hostileText.filter((k) => !keys.includes(k)),
          rawOrEncoded,
        )
        .map(([key, { raw, note }]) => ({ key, raw, note: `${excerpt(key, 20)}=${note}` })),
      fc
        .tuple(fc.constantFrom(...keys), rawOrEncoded)
        .map(([key, { raw, note }]) => ({ key, raw, note: `${key}=${note} (repeated)` })),
      fc.constant({ key: 'long', raw: 'x'.repeat(10_000), note: 'long=x*10000' }),
    ),
    { maxLength: 2 },
  );
  const arbitrary = fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: oneBroken },
        { weight: 2, arbitrary: anyBroken },
        { weight: 1, arbitrary: fc.constant(keys.flatMap(basePair)) },
      ),
      fc.oneof({ weight: 3, arbitrary: fc.constant<QueryPair[]>([]) }, { weight: 1, arbitrary: extras }),
    )
    .map(([pairs, extra]) => queryFromPairs([...pairs, ...extra], schema));
  const withOne = (key: string, raw: string) =>
    queryFromPairs(
      keys.flatMap((k) => (k === key ? [{ key, raw, note: `${key}=${raw}` }] : basePair(k))),
      schema,
    );
  return {
    arbitrary,
    base: queryFromPairs(keys.flatMap(basePair), schema),
    edges: keys.flatMap((key) => [withOne(key, 'a%00b'), withOne(key, '%ED%A0%80')]),
  };
}

/** The query string, and why the query must be refused: its schema's verdict and issue 18's rules. */
function queryFromPairs(pairs: readonly QueryPair[], schema: v.GenericSchema | undefined): Part {
  const value = pairs.map((p) => `${percentEncode(p.key)}=${p.raw}`).join('&');
  const note = pairs.map((p) => p.note).join('&');
  if (!schema) return { value, refusal: null, note };
  // As Hono reads it: the first value of each name.
  const record: Record<string, string> = {};
  for (const p of pairs) record[p.key] ??= honoDecode(p.raw);
  const declared = objectEntries(schema) ?? {};
  const nul = Object.keys(declared).find((key) => record[key]?.includes('\u0000'));
  const refused = refusal(schema, record);
  return {
    value,
    refusal: nul ? `query ${nul} holds a NUL character` : refused ? `query: ${refused}` : null,
    note,
  };
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];
const OTHER_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'application/xml',
];
const FORM_TYPE = 'application/x-www-form-urlencoded';

interface BodyPart extends Part<string | undefined> {
  readonly contentType: string | undefined;
}

const MALFORMED_JSON = [
  '{',
  '{"name":',
  "{'name':1}",
  '{"a":1}}',
  '\uFEFF{}',
  'nul',
  'undefined',
  '\u0000',
  '{"a":"\\ud800"',
  '['.repeat(100_000),
];

/** A body of just over the limit, in whichever encoding the operation reads. */
function oversize(form: boolean): string {
  const filler = 'a'.repeat(MAX_BODY_BYTES + 16);
  return form ? `username=${filler}&password=x` : JSON.stringify({ name: filler });
}

/** For each field, what kind it is, by the create schema where the update's sibling has the field. */
function fieldKinds(
  schema: v.GenericSchema,
  base: Record<string, unknown>,
  sibling: { schema: v.GenericSchema; base: Record<string, unknown> } | null,
): Record<string, FieldKind> {
  const entries = objectEntries(schema) ?? {};
  return Object.fromEntries(
    Object.keys(entries).map((key) => {
      const other = sibling && objectEntries(sibling.schema)?.[key] ? sibling : null;
      return [key, other ? fieldKind(other.schema, other.base, key) : fieldKind(schema, base, key)];
    }),
  );
}

/** Per field kind, the values issue 18 names, each sent once per field by `edgeRequests`. */
const EDGE_VALUES: Readonly<Record<FieldKind, readonly unknown[]>> = {
  number: [1.5e300, 999999999999, '1e5', '1.5e300', '9'.repeat(40), -1, 'NaN', 'a\u0000b'],
  integer: [1.5e300, 999999999999, 2147483648, '1e5', '9'.repeat(40), -1, 'NaN', 'a\u0000b'],
  text: ['a\u0000b', '\uD800', LONG],
  id: ['00000000-0000-4000-8000-00000000f022', 'a\u0000b', null],
  fixed: ['a\u0000b', null],
  other: ['a\u0000b', null, 1.5e300],
};
/** Bodies that are not an object (or not the declared array). */
const NOT_OBJECTS: readonly unknown[] = [null, [], 'x', 1, true, {}, [null]];

function jsonBodyPart(operation: Operation, context: FuzzContext): Parts<BodyPart> {
  const declared = operation.body;
  if (!declared) {
    // A body where none is declared is ignored; never on a GET, which cannot carry one.
    const none = { value: undefined, refusal: null, note: '', contentType: undefined };
    if (operation.method === 'get') return { arbitrary: fc.constant(none), base: none, edges: [] };
    const arbitrary = fc.oneof(
      fc.constant(none),
      fc.tuple(hostileJson, fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES)).map(([x, contentType]) => ({
        value: JSON.stringify(x),
        refusal: null,
        note: 'undeclared body',
        contentType,
      })),
    );
    return { arbitrary, base: none, edges: [] };
  }
  const schema = declared.schema;
  const ids = context.ids(operation);
  const item = arrayItem(schema);
  const create = context.createOf(operation)?.body?.schema;
  const objectSchema = item ?? schema;
  const sample = context.sample(operation);
  const base = baseline(objectSchema, ids, false, sample) as Record<string, unknown>;
  const sibling =
    create && objectEntries(create)
      ? { schema: create, base: baseline(create, ids, false, sample) as Record<string, unknown> }
      : null;
  const kinds = fieldKinds(objectSchema, base, sibling);
  const keys = Object.keys(objectEntries(objectSchema) ?? {});
  /** The whole body for an item (array bodies carry the broken item first). */
  const wrap = (x: unknown) => (item ? [x] : x);

  const verdict = (body: unknown, broken: Record<string, unknown> = {}): string | null => {
    const refused = refusal(schema, body);
    if (refused) return `body: ${refused}`;
    for (const [key, value] of Object.entries(broken)) {
      const rule = ruleRefusal(kinds[key] ?? 'other', value, context.storedIds);
      if (rule) return `body ${key}: ${rule}`;
      if (sibling && objectEntries(sibling.schema)?.[key]) {
        const issues = issuesAt(sibling.schema, { ...sibling.base, [key]: value }, key);
        if (issues.length > 0) return `body ${key}: the create schema refuses it (${issues.join('; ')})`;
      }
    }
    return null;
  };
  const json = (body: unknown, note: string, broken?: Record<string, unknown>) => ({
    value: body === ABSENT ? undefined : JSON.stringify(body),
    refusal: body === ABSENT ? (declared.optional ? null : 'no body') : verdict(body, broken),
    note,
  });

  const one = (arbitrary: fc.Arbitrary<Part<string | undefined>>, weight = 1) => ({ arbitrary, weight });
  const variants = [
    one(fc.constant(json(wrap(base), 'body: baseline'))),
    one(fc.constant(json(ABSENT, 'no body'))),
    one(hostileJson.map((x) => json(x, 'body: wholly wrong'))),
    one(
      fc.constantFrom(...MALFORMED_JSON).map((text) => ({
        value: text,
        refusal: 'malformed JSON',
        note: `body: malformed ${excerpt(text, 20)}`,
      })),
    ),
    one(fc.constant({ value: oversize(false), refusal: 'over the body limit', note: 'body: over 1 MiB' })),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    variants.push(
      // One field broken is the commonest: it is what reaches each field's own validation.
      one(
        key
          .chain((k) => hostileFor(kinds[k] ?? 'other').map((x) => [k, x] as const))
          .map(([k, x]) => json(wrap({ ...base, [k]: x }), `body: ${k} := ${excerpt(x)}`, { [k]: x })),
        10,
      ),
      one(
        key.map((k) => {
          const { [k]: _, ...rest } = base;
          return json(wrap(rest), `body: without ${k}`);
        }),
      ),
      one(
        fc
          .tuple(fc.constantFrom('extra', '__proto__', 'id', 'created_at', LONG.slice(0, 1000)), hostileJson)
          .map(([k, x]) => {
            const body = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
            Object.defineProperty(body, k, {
              value: x,
              enumerable: true,
              writable: true,
              configurable: true,
            });
            return json(wrap(body), `body: extra ${excerpt(k, 20)} := ${excerpt(x)}`);
          }),
      ),
      one(
        fc.array(hostileJson, { minLength: keys.length, maxLength: keys.length }).map((xs) => {
          const broken = Object.fromEntries(keys.map((k, i) => [k, xs[i]]));
          return json(wrap(broken), 'body: every field hostile', broken);
        }),
      ),
    );
  }
  if (item)
    variants.push(
      one(fc.constant(json([], 'body: empty list'))),
      one(
        fc.constant(
          json(
            Array.from({ length: 101 }, () => base),
            'body: 101 items',
          ),
        ),
      ),
      one(fc.constant(json([base, base], 'body: one item twice'))),
    );
  const contentType = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...JSON_TYPES).map((t) => ({ type: t, wrong: false })) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_TYPES).map((t) => ({ type: t, wrong: true })) },
  );
  const typed = (part: Part<string | undefined>, type: { type: string | undefined; wrong: boolean }) => ({
    ...part,
    contentType: type.type,
    refusal:
      part.refusal ??
      (type.wrong && !declared.optional && part.value !== undefined
        ? `content type ${type.type} is not JSON`
        : null),
    note: `${part.note}; content type ${type.type ?? 'none'}`,
  });
  const asJson = (part: Part<string | undefined>) => typed(part, { type: 'application/json', wrong: false });
  return {
    arbitrary: fc.tuple(fc.oneof(...variants), contentType).map(([part, type]) => typed(part, type)),
    base: asJson(json(wrap(base), 'body: baseline')),
    edges: [
      ...keys.flatMap((k) =>
        EDGE_VALUES[kinds[k] ?? 'other'].map((x) =>
          asJson(json(wrap({ ...base, [k]: x }), `body: ${k} := ${excerpt(x)}`, { [k]: x })),
        ),
      ),
      ...NOT_OBJECTS.map((x) => asJson(json(x, `body: ${excerpt(x)}`))),
    ],
  };
}

function formBodyPart(operation: Operation): Parts<BodyPart> {
  const schema = operation.body?.schema;
  if (!schema) throw new Error('not a form operation');
  const keys = Object.keys(objectEntries(schema) ?? {});
  // A demo user's own sign-in, so broken variants sit next to one that succeeds.
  const users = Object.values(DEMO_USERS).map((u) => ({ username: u.email, password: u.password }));
  const verdict = (text: string): string | null => {
    const fields = formFields(schema, new URLSearchParams(text));
    const nul = Object.entries(fields).find(([, x]) => x?.includes('\u0000'));
    if (nul) return `form ${nul[0]} holds a NUL character`;
    const refused = refusal(schema, fields);
    return refused ? `form: ${refused}` : null;
  };
  const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const form = (text: string, note: string) => ({ value: text, refusal: verdict(text), note });
  const base = fc.constantFrom(...users);
  const variants: fc.Arbitrary<Part<string | undefined>>[] = [
    base.map((u) => form(encode(u), `form: ${u.username}'s own`)),
    fc
      .tuple(base, fc.constantFrom(...keys), hostileText)
      .map(([u, k, x]) => form(encode({ ...u, [k]: x }), `form: ${k} := ${excerpt(x)}`)),
    fc.tuple(base, fc.constantFrom(...keys)).map(([u, k]) => {
      const { [k as keyof typeof u]: _, ...rest } = u;
      return form(encode(rest), `form: without ${k}`);
    }),
    fc
      .tuple(base, fc.constantFrom(...keys), rawOrEncoded)
      .map(([u, k, x]) => form(`${k}=${x.raw}&${encode(u)}`, `form: ${k}=${x.note} first`)),
    fc
      .constantFrom('%', '%zz', 'username=%00', '&&&', '=', 'username', 'a=b&a=c')
      .map((t) => form(t, `form: raw ${t}`)),
    fc.constant({ value: oversize(true), refusal: 'over the body limit', note: 'form: over 1 MiB' }),
    fc.constant({ value: undefined, refusal: verdict(''), note: 'no body' }),
  ];
  const contentType = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .constantFrom(FORM_TYPE, `${FORM_TYPE}; charset=utf-8`)
        .map((t) => ({ type: t, wrong: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(undefined, 'application/json', 'text/plain')
        .map((t) => ({ type: t, wrong: true })),
    },
  );
  const typed = (part: Part<string | undefined>, type: { type: string | undefined; wrong: boolean }) => ({
    ...part,
    contentType: type.type,
    refusal: (type.wrong ? `content type ${type.type ?? 'none'} is not form-encoded` : null) ?? part.refusal,
    note: `${part.note}; content type ${type.type ?? 'none'}`,
  });
  const asForm = (part: Part<string | undefined>) => typed(part, { type: FORM_TYPE, wrong: false });
  const [user = { username: '', password: '' }] = users;
  return {
    arbitrary: fc.tuple(fc.oneof(...variants), contentType).map(([part, type]) => typed(part, type)),
    base: asForm(form(encode(user), `form: ${user.username}'s own`)),
    edges: keys.flatMap((k) =>
      ['a\u0000b', `${user.password}\u0000`, '\uD800'].map((x) =>
        asForm(form(encode({ ...user, [k]: x }), `form: ${k} := ${excerpt(x)}`)),
      ),
    ),
  };
}

function permissionsOf(role: Role): PermissionMap | null {
  if (role === 'anonymous' || role === 'bad-token') return null;
  return toPermissionMap(DEMO_USERS[role].permissions);
}

/**
 * Mostly callers the declaration lets in, so most requests reach the validation of their input; the
 * others (no token, a forged one, a user without the permission) are a sixth of each kind.
 */
function roleFor(operation: Operation): fc.Arbitrary<Role> {
  const allowed = ROLES.filter((role) => accessRefusal(operation, permissionsOf(role)) === null);
  const denied = ROLES.filter((role) => !allowed.includes(role));
  if (allowed.length === 0 || denied.length === 0) return fc.constantFrom(...ROLES);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.constantFrom(...denied) },
  );
}

function request(operation: Operation, role: Role, path: Part, query: Part, body: BodyPart): FuzzRequest {
  const access = accessRefusal(operation, permissionsOf(role));
  const reasons = [
    access ? `${role} may not call it (${access.status})` : null,
    path.refusal,
    query.refusal,
    body.refusal,
  ];
  const made: FuzzRequest = {
    operation,
    role,
    url: `${path.value}${query.value ? `?${query.value}` : ''}`,
    contentType: body.contentType,
    body: body.value,
    mustRefuse: reasons.find((r) => r !== null) ?? null,
    notes: [path.note, query.note, body.note].filter((n) => n !== ''),
  };
  // fast-check prints a counterexample with this, not as a dump of the declaration and a 1 MiB body.
  return Object.assign(made, { [fc.toStringMethod]: () => describeRequest(made) });
}

function partsOf(operation: Operation, context: FuzzContext) {
  return {
    path: pathPart(operation, context),
    query: queryPart(operation, context),
    body: operation.body?.form ? formBodyPart(operation) : jsonBodyPart(operation, context),
  };
}

/** Every request the suite may send for an operation; writes only when each must be refused. */
export function requestsFor(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { path, query, body } = partsOf(operation, context);
  const requests = fc
    .tuple(roleFor(operation), path.arbitrary, query.arbitrary, body.arbitrary)
    .map(([role, p, q, b]) => request(operation, role, p, q, b));
  return mayAnswerSuccess(operation) ? requests : requests.filter((r) => r.mustRefuse !== null);
}

/**
 * The edge cases of issue 18, each once, as a caller the declaration lets in: NUL and a lone
 * surrogate in each query field and path parameter; for each body field, NUL, numbers beyond its
 * column and texts that are not numbers, as its kind calls for; bodies that are not objects.
 * Only those that must be refused are kept for writes, as for the random requests.
 */
export function edgeRequests(operation: Operation, context: FuzzContext): FuzzRequest[] {
  const { path, query, body } = partsOf(operation, context);
  const role = ROLES.find((r) => accessRefusal(operation, permissionsOf(r)) === null) ?? 'anonymous';
  const made = [
    ...path.edges.map((p) => request(operation, role, p, query.base, body.base)),
    ...query.edges.map((q) => request(operation, role, path.base, q, body.base)),
    ...body.edges.map((b) => request(operation, role, path.base, query.base, b)),
  ];
  return mayAnswerSuccess(operation) ? made : made.filter((r) => r.mustRefuse !== null);
}

/** A value as a short excerpt for reports, texts quoted and escaped. */
export function excerpt(value: unknown, max = 80): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** A text as sent, with controls and lone surrogates escaped so the report can be pasted back. */
function visible(text: string, max = 300): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  let shown = '';
  for (const c of cut) {
    const code = c.codePointAt(0) ?? 0;
    const unprintable = code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff);
    shown += unprintable ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return text.length > max ? `${shown}… (${text.length} chars)` : shown;
}

/** The request, written so it can be sent again by hand. */
export function describeRequest(request: FuzzRequest): string {
  const { operation } = request;
  return [
    `${operation.method.toUpperCase()} /api/v1${request.url.length > 400 ? `${request.url.slice(0, 400)}… (${request.url.length} chars)` : request.url}`,
    `  operation: ${operation.method.toUpperCase()} ${operation.path}; as: ${request.role}`,
    `  content type: ${request.contentType ?? 'none'}; body: ${request.body === undefined ? 'none' : visible(request.body)}`,
    `  made as: ${request.notes.join(' | ')}`,
    `  must be refused: ${request.mustRefuse ?? 'no (may succeed)'}`,
  ].join('\n');
}
