import { issuesMessage } from '@contract/envelope';
import { merchantListQuerySchema } from '@contract/merchant';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { parseIdParam, parseJsonBody, parseOr400 } from './validate';

describe('validation messages', () => {
  it('names the field of each issue, once per field', () => {
    const result = v.safeParse(merchantListQuerySchema, { limit: '0', page: 'x', status: 'NOPE' });
    expect(result.success).toBe(false);
    const message = issuesMessage(result.issues ?? []);
    expect(message).toContain('limit: limit must be an integer from 1 to 100');
    expect(message).toContain('page: page must be a positive integer');
    expect(message).toContain('status: status must be one of');
    expect(message.split('; ')).toHaveLength(3);
  });

  it('names nested paths with dots', () => {
    const schema = v.object({ a: v.object({ b: v.string('b must be text') }) });
    expect(issuesMessage(v.safeParse(schema, { a: { b: 1 } }).issues ?? [])).toBe('a.b: b must be text');
  });

  it('throws a 400 ApiError, or returns the parsed output', () => {
    expect(parseOr400(merchantListQuerySchema, {})).toMatchObject({ page: 1, limit: 10 });
    expect(() => parseOr400(merchantListQuerySchema, { limit: '101' })).toThrow(ApiError);
    try {
      parseOr400(merchantListQuerySchema, { limit: '101' });
    } catch (error) {
      expect(error).toMatchObject({ status: 400, message: 'limit: limit must be an integer from 1 to 100' });
    }
  });
});

describe('request helpers', () => {
  const app = new Hono();
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json({ status: error.status, message: error.message }, error.status)
      : c.text('500', 500),
  );
  app.post('/things/:id', async (c) => {
    const id = parseIdParam(c);
    const body = await parseJsonBody(c, v.object({ name: v.string('name is required') }));
    return c.json({ id, body });
  });
  const ID = '8a0e1b2c-0000-4000-8000-000000000000';
  const post = (id: string, body: string, type = 'application/json') =>
    app.request(`/things/${id}`, { method: 'POST', headers: { 'Content-Type': type }, body });

  it('parses a UUID id and a JSON body', async () => {
    const response = await post(ID, '{"name":"x"}');
    expect(await response.json()).toEqual({ id: ID, body: { name: 'x' } });
  });

  it('answers 400 for a bad id, malformed JSON, another content type and a failing schema', async () => {
    expect(await (await post('nope', '{}')).json()).toEqual({
      status: 400,
      message: 'id: id must be a UUID',
    });
    expect(await (await post(ID, '{oops')).json()).toEqual({
      status: 400,
      message: API_SERVER_ERRORS.unreadableBody,
    });
    expect(await (await post(ID, 'name=x', 'application/x-www-form-urlencoded')).json()).toEqual({
      status: 400,
      message: API_ERRORS.bodyObject,
    });
    expect(await (await post(ID, '{"name":1}')).json()).toEqual({
      status: 400,
      message: 'name: name is required',
    });
  });
});
