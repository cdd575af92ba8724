/**
 * The API fuzz suite (issue 18): for every declared operation, malformed variants of its path,
 * query and body, sent as each demo user, with no token and with a forged one. Every answer must be
 * below 500, every 4xx the error envelope with a message, every request that must be refused a 4xx,
 * and no request may change the database (row counts, row digests, ledger totals).
 *
 * Each operation gets the edge cases of issue 18 once each (request.ts `edgeRequests`), then
 * FUZZ_RUNS random requests (default below) from FUZZ_SEED; `npm run fuzz` runs longer. FUZZ_ONLY
 * narrows it to the operations whose `METHOD /path` contains the text; FUZZ_STATS=1 prints how
 * each operation answered.
 */

import { errorEnvelopeSchema } from '@contract/envelope';
import { type Operation, pathPattern } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi, insertFile, insertMerchant, TEST_CLIENT_HEADER, type TestApi } from '../api';
import { insertCollection, insertPayoutRequest, insertTransaction } from '../transaction-fixtures';
import {
  describeRequest,
  edgeRequests,
  type FuzzContext,
  type FuzzRequest,
  type Role,
  requestsFor,
} from './request';
import { arrayItem, baseline, objectEntries, refusal } from './schema';
import { type Snapshot, snapshotChanges, takeSnapshot } from './snapshot';

const wholeNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return n;
};

/** Sized for `npm test`: about half a minute per database on two idle cores (a minute when busy). */
const RUNS = wholeNumber('FUZZ_RUNS', 60);
const SEED = wholeNumber('FUZZ_SEED', 18);
const ONLY = process.env.FUZZ_ONLY ?? '';
/** Print, per operation, how many requests got each status and how many had to be refused. */
const STATS = process.env.FUZZ_STATS === '1';

const label = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;
const operations = OPERATIONS.map((operation, index) => ({ operation, index })).filter(({ operation }) =>
  label(operation).includes(ONLY),
);

type Stored = Readonly<Record<string, unknown>>;

/** Records that exist, by the collection path their list answers at (`/merchants`, `/transactions`). */
async function storedRecords(api: TestApi, token: string): Promise<Map<string, Stored[]>> {
  const records = new Map<string, Stored[]>();
  for (const operation of OPERATIONS) {
    if (operation.method !== 'get' || operation.path.includes('{') || !operation.query) continue;
    const response = await api.call(`/api/v1${operation.path}?limit=100`, { token });
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) continue;
    const body = (await response.json()) as { data?: { contents?: Stored[] } };
    const found = (body.data?.contents ?? []).filter((x) => typeof x.id === 'string');
    if (found.length > 0) records.set(operation.path, found.slice(0, 5));
  }
  return records;
}

/** Every UUID anywhere in a value (the ids of records and of the records they refer to). */
function uuidsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i.test(value))
    found.add(value.toLowerCase());
  else if (Array.isArray(value)) for (const x of value) uuidsIn(x, found);
  else if (value && typeof value === 'object') for (const x of Object.values(value)) uuidsIn(x, found);
  return found;
}

/**
 * The records an operation's `{id}` names: `/payout/transactions/{id}` takes a transaction's, so the
 * longest collection path that ends the operation's path before `{id}` decides; else any.
 */
function recordsFor(records: Map<string, Stored[]>, path: string): Stored[] {
  const head = path.split('/{')[0] ?? '';
  const segments = head.split('/').filter(Boolean);
  for (let start = 0; start < segments.length; start++) {
    const found = records.get(`/${segments.slice(start).join('/')}`);
    if (found) return found;
  }
  return [...records.values()].flat().slice(0, 5);
}

function createOf(operation: Operation): Operation | undefined {
  if (operation.method !== 'put') return undefined;
  const collection = operation.path.replace(/\/\{id\}$/, '');
  return OPERATIONS.find((o) => o.method === 'post' && o.path === collection && o.body);
}

interface Outcome {
  status: number;
  problems: string[];
  excerpt: string;
}

async function send(
  api: TestApi,
  request: FuzzRequest,
  tokens: Readonly<Record<Role, string | undefined>>,
  client: string,
): Promise<Outcome> {
  const headers: Record<string, string> = { [TEST_CLIENT_HEADER]: client };
  if (request.contentType !== undefined) headers['Content-Type'] = request.contentType;
  const response = await api.call(`/api/v1${request.url}`, {
    method: request.operation.method.toUpperCase(),
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    token: tokens[request.role],
  });
  const problems: string[] = [];
  let text = '';
  try {
    // Read to the end: a stream that fails after its first byte is a broken 200.
    text = new TextDecoder().decode(await response.arrayBuffer());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problems.push(`the response body broke off: ${message.slice(0, 200)}`);
  }
  const { status } = response;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400 && status < 500) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const envelope = v.safeParse(errorEnvelopeSchema, json);
    if (!envelope.success) problems.push(`answered ${status} without the error envelope`);
    else if (envelope.output.errorMessage.trim() === '')
      problems.push(`answered ${status} with an empty errorMessage`);
    else if (envelope.output.status !== status)
      problems.push(`answered ${status} with envelope status ${envelope.output.status}`);
  }
  if (request.mustRefuse !== null && status < 400)
    problems.push(`answered ${status} although it must be refused: ${request.mustRefuse}`);
  return { status, problems, excerpt: text.length > 300 ? `${text.slice(0, 300)}…` : text };
}

describe('the fuzz suite builds requests that reach each field', () => {
  it.each(OPERATIONS.filter((o) => o.query || o.body).map((o) => [label(o), o] as const))(
    '%s: its base query and body pass their schemas',
    (_, operation) => {
      const id = ['00000000-0000-4000-8000-000000000000'];
      if (operation.query) expect(refusal(operation.query, baseline(operation.query, id, true))).toBeNull();
      const body = operation.body?.schema;
      if (body && (objectEntries(body) || arrayItem(body)))
        expect(refusal(body, baseline(body, id))).toBeNull();
    },
  );
});

describeApi(
  'API fuzz',
  {
    signIn: ['admin', 'support', 'finance'],
    // Failed sign-ins are most of what the suite sends to /auth/login; 429s would hide the rest.
    rateLimit: { maxPerUsername: 1_000_000, maxPerAddress: 1_000_000 },
  },
  (api, signed, kind) => {
    let context: FuzzContext;
    let tokens: Readonly<Record<Role, string | undefined>>;
    let last: Snapshot;
    let clients = 0;
    let records: Map<string, Stored[]>;

    beforeAll(async () => {
      const { catalog } = api;
      const method = catalog.paymentMethods[0]?.id;
      const merchantId = await insertMerchant(api, {
        code: 'FUZZ1',
        status: 'ACTIVE',
        compliance: true,
        contact: true,
        accounts: method ? [method] : [],
      });
      await insertMerchant(api, { code: 'FUZZ2', status: 'PENDING_VERIFICATION' });
      const date = new Date('2026-11-20T10:00:00Z');
      await insertTransaction(api, { ref: 'FUZZ-T1', date, merchantId });
      await insertCollection(api, { ref: 'FUZZ-C1', date, amount: '5000', merchantId });
      await insertPayoutRequest(api, { ref: 'FUZZ-P1', date, amount: '100', merchantId });
      await insertFile(api, 'logos/FUZZ.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await insertFile(api, 'documents/FUZZ1/tin.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n');
      records = await storedRecords(api, signed.admin);
      context = {
        storedIds: uuidsIn([...records.values()]),
        ids: (operation) => recordsFor(records, operation.path).map((record) => String(record.id)),
        sample: (operation) => recordsFor(records, operation.path)[0],
        files: ['logos/FUZZ.svg', 'documents/FUZZ1/tin.pdf'],
        createOf,
      };
      tokens = {
        admin: signed.admin,
        support: signed.support,
        finance: signed.finance,
        anonymous: undefined,
        'bad-token': `${signed.admin.slice(0, -8)}AAAAAAAA`,
      };
      last = await takeSnapshot(api.database.db);
    });

    it.each(operations.map(({ operation, index }) => [label(operation), operation, index] as const))(
      '%s',
      async (_, operation, index) => {
        const seed = SEED + index;
        const statuses = new Map<string, number>();
        // Reads are checked against the database once per operation (a snapshot costs more than most
        // requests); anything else after each request, so a write is pinned to the request that made it.
        const eachRequest = operation.method !== 'get';
        const sent: FuzzRequest[] = [];
        const edges = edgeRequests(operation, context);
        // Every failing request is kept, one example per kind of failure, so a run reports each class
        // it finds rather than stopping at the first.
        const failures = new Map<string, { count: number; report: string }>();
        await fc.assert(
          fc.asyncProperty(requestsFor(operation, context), async (request) => {
            clients += 1;
            const outcome = await send(
              api,
              request,
              tokens,
              `198.51.${(clients >> 8) & 255}.${clients & 255}`,
            );
            const key = `${outcome.status}${request.mustRefuse === null ? '' : ' (must refuse)'}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (eachRequest) {
              const now = await takeSnapshot(api.database.db);
              const changes = snapshotChanges(last, now);
              last = now;
              if (changes.length > 0)
                outcome.problems.push(`it changed the database:\n    ${changes.slice(0, 10).join('\n    ')}`);
            } else sent.push(request);
            if (outcome.problems.length === 0) return;
            const kindOf = `${outcome.problems.map((p) => p.split(/[:\n]/)[0]).join('; ')} | ${request.mustRefuse ?? request.notes.join(' | ')}`;
            const known = failures.get(kindOf);
            if (known) known.count += 1;
            else
              failures.set(kindOf, {
                count: 1,
                report: [
                  `${label(operation)} on ${kind}: ${outcome.problems.join('; ')}`,
                  describeRequest(request),
                  `  answer: ${outcome.status} ${outcome.excerpt}`,
                ].join('\n'),
              });
          }),
          // The edge cases run first, then RUNS random requests.
          { seed, numRuns: RUNS + edges.length, examples: edges.map((edge) => [edge]) },
        );
        if (failures.size > 0)
          throw new Error(
            [
              `${label(operation)} on ${kind}: ${failures.size} kinds of failure ` +
                `(replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY='${label(operation)}'; operation seed ${seed})`,
              ...[...failures.values()]
                .slice(0, 12)
                .map(({ count, report }) => `\n[${count} request${count === 1 ? '' : 's'}] ${report}`),
            ].join('\n'),
          );
        if (STATS)
          process.stdout.write(
            `${label(operation)} on ${kind}: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`,
          );
        if (!eachRequest) {
          const now = await takeSnapshot(api.database.db);
          const changes = snapshotChanges(last, now);
          last = now;
          expect(
            changes,
            `${label(operation)} on ${kind} changed the database; its requests were:\n` +
              sent.map((request) => describeRequest(request)).join('\n'),
          ).toEqual([]);
        }
      },
      Math.max(60_000, RUNS * 1_000),
    );

    it('answers a method no operation declares for a path with an enveloped 4xx, writing nothing', async () => {
      const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
      const problems: string[] = [];
      let tried = 0;
      for (const path of new Set(OPERATIONS.map((o) => o.path))) {
        const id = String(recordsFor(records, path)[0]?.id ?? '00000000-0000-4000-8000-000000000000');
        const url = path.replace('{id}', id).replace('{path}', 'logos/FUZZ.svg');
        for (const method of methods) {
          if (OPERATIONS.some((o) => o.method === method && pathPattern(o.path).test(url))) continue;
          const undeclared: Operation = {
            method,
            path,
            tag: 'none',
            summary: 'not declared',
            description: '',
            response: { data: v.unknown() },
          };
          const request: FuzzRequest = {
            operation: undeclared,
            role: 'admin',
            url,
            contentType: method === 'get' ? undefined : 'application/json',
            body: method === 'get' ? undefined : '{"name":"Fuzz"}',
            mustRefuse: `no operation is ${method.toUpperCase()} ${path}`,
            notes: [],
          };
          tried += 1;
          const outcome = await send(api, request, tokens, '198.51.255.255');
          const now = await takeSnapshot(api.database.db);
          const changes = snapshotChanges(last, now);
          last = now;
          if (changes.length > 0) outcome.problems.push(`it changed the database: ${changes.join('; ')}`);
          if (outcome.problems.length > 0)
            problems.push(
              `${describeRequest(request)}\n  ${outcome.problems.join('; ')}\n  answer: ${outcome.excerpt}`,
            );
        }
      }
      expect(tried).toBeGreaterThan(OPERATIONS.length);
      expect(problems, problems.join('\n\n')).toEqual([]);
    });
  },
);
