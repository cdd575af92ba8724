import type { TokenClaims } from '@contract/auth';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { defineOperation } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { Hono } from 'hono';
import { HonoRequest } from 'hono/request';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './envelope';
import { handle, mountOperations, type OperationBinding } from './operation';
import type { AppEnv } from './types';

const thing = v.object({ id: v.string(), name: v.string('name is required') });
const rename = defineOperation({
  method: 'post',
  path: '/things/{id}',
  tag: 'Things',
  summary: 'Rename a thing',
  description: 'A test operation.',
  permission: PERMISSIONS.updateCurrency,
  alsoPermitted: { permission: PERMISSIONS.createAccountMapping, because: 'a test says so.' },
  query: v.object({ dry: v.optional(v.picklist(['yes', 'no'], 'dry must be yes or no')) }),
  body: { schema: v.object({ name: v.string('name is required') }) },
  response: { status: 201, data: thing },
});

const ID = '8a0e1b2c-0000-4000-8000-000000000000';

/** An app whose callers hold `permissions` (none: no claims at all, as without a token). */
function appFor(binding: OperationBinding, claims?: { resource_access: unknown }) {
  const app = new Hono<AppEnv>();
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json({ status: error.status, message: error.message }, error.status)
      : c.text('500', 500),
  );
  app.use('*', async (c, next) => {
    if (claims) c.set('claims', claims as TokenClaims);
    await next();
  });
  app.post('/things/:id', (c) => binding.run(c));
  return app;
}

const binding = handle(rename, ({ params, query, body }) => ({
  id: params.id,
  name: `${body.name}${query.dry ?? ''}`,
}));
const admin = { resource_access: toPermissionMap([PERMISSIONS.updateCurrency]) };
const post = (app: Hono<AppEnv>, id: string, body: string, type = 'application/json', search = '') =>
  app.request(`/things/${id}${search}`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('handle(): one declaration, checked before the handler runs', () => {
  it('parses a query string only until its verdict is remembered (decision 053), with the same answers', async () => {
    const app = appFor(binding, admin);
    const parsed = vi.spyOn(HonoRequest.prototype, 'query');
    try {
      const search = '?dry=yes&remembered=parse-once';
      const first = await post(app, ID, '{"name":"x"}', 'application/json', search);
      expect(parsed).toHaveBeenCalledTimes(1);
      const again = await post(app, ID, '{"name":"x"}', 'application/json', search);
      expect(parsed).toHaveBeenCalledTimes(1);
      expect(await again.json()).toEqual(await first.json());
    } finally {
      parsed.mockRestore();
    }
  });

  it('hands the handler the typed id, query and body and answers the envelope with the declared status', async () => {
    const response = await post(appFor(binding, admin), ID, '{"name":"x"}', 'application/json', '?dry=no');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      success: true,
      status: 201,
      data: { id: ID, name: 'xno' },
      errorMessage: null,
    });
  });

  it('answers 401 without claims, 403 without the permission, and lets alsoPermitted through', async () => {
    expect((await post(appFor(binding), ID, '{"name":"x"}')).status).toBe(401);
    const support = { resource_access: toPermissionMap([PERMISSIONS.viewCurrency]) };
    expect(await (await post(appFor(binding, support), ID, '{"name":"x"}')).json()).toEqual({
      status: 403,
      message: API_ERRORS.forbidden,
    });
    const mapper = { resource_access: toPermissionMap([PERMISSIONS.createAccountMapping]) };
    expect((await post(appFor(binding, mapper), ID, '{"name":"x"}')).status).toBe(201);
  });

  it('answers 400 naming the field for a bad id, query or body; malformed JSON and another type too', async () => {
    const app = appFor(binding, admin);
    const message = async (response: Response) => ((await response.json()) as { message: string }).message;
    expect(await message(await post(app, 'nope', '{"name":"x"}'))).toBe('id: id must be a UUID');
    expect(await message(await post(app, ID, '{"name":"x"}', 'application/json', '?dry=maybe'))).toBe(
      'dry: dry must be yes or no',
    );
    expect(await message(await post(app, ID, '{"name":1}'))).toBe('name: name is required');
    expect(await message(await post(app, ID, '{oops'))).toBe(API_SERVER_ERRORS.unreadableBody);
    expect(await message(await post(app, ID, 'name=x', 'application/x-www-form-urlencoded'))).toBe(
      API_ERRORS.bodyObject,
    );
  });

  it('never runs the handler for a refused call', async () => {
    let runs = 0;
    const counted = handle(rename, () => {
      runs += 1;
      return { id: ID, name: 'x' };
    });
    await post(appFor(counted), ID, '{"name":"x"}');
    await post(appFor(counted, admin), 'nope', '{"name":"x"}');
    await post(appFor(counted, admin), ID, '{}');
    expect(runs).toBe(0);
  });
});

describe('mountOperations()', () => {
  const stub = (operation: (typeof OPERATIONS)[number]) => handle(operation, ({ c }) => c.text('stub'));

  it('refuses an undeclared operation, a second handler and a declared operation left without one', () => {
    const all = OPERATIONS.map(stub);
    expect(() => mountOperations(new Hono<AppEnv>(), '/api/v1', all)).not.toThrow();
    expect(() => mountOperations(new Hono<AppEnv>(), '/api/v1', [...all, binding])).toThrow(
      'Undeclared operation post /things/{id}',
    );
    expect(() => mountOperations(new Hono<AppEnv>(), '/api/v1', [...all, stub(OPERATIONS[5]!)])).toThrow(
      /Two handlers/,
    );
    expect(() => mountOperations(new Hono<AppEnv>(), '/api/v1', all.slice(1))).toThrow(
      `No handler for ${OPERATIONS[0]!.method} ${OPERATIONS[0]!.path}`,
    );
  });
});
