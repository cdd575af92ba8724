import { issuesMessage } from '@contract/envelope';
import { merchantListQuerySchema } from '@contract/merchant';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { parseOr400 } from './validate';

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
