import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listSearchEntries, listSearchSchema, pageOffset, picklistParam } from './search-params';

const parse = (input: Record<string, unknown>) => v.parse(listSearchSchema, input);
const withFilter = v.object({
  ...listSearchEntries,
  filter: picklistParam(['all', 'pending', 'verified'] as const, 'all'),
});

describe('listSearchSchema', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('keeps valid values, numbers or numeric strings', () => {
    expect(parse({ page: 3, limit: 50, search: 'acme' })).toEqual({ page: 3, limit: 50, search: 'acme' });
    expect(parse({ page: '4', limit: '100' })).toEqual({ page: 4, limit: 100 });
  });

  it.each([
    ['page=0', { page: 0 }],
    ['page=abc', { page: 'abc' }],
    ['page=-2', { page: -2 }],
    ['page=1.5', { page: 1.5 }],
    ['page=object', { page: { a: 1 } }],
  ])('falls back to page 1 for %s', (_, input) => {
    expect(parse(input).page).toBe(1);
  });

  it.each([[7], [0], ['abc'], [1000], [null]])('falls back to limit 10 for limit=%s', (limit) => {
    expect(parse({ limit }).limit).toBe(10);
  });

  it('trims search, drops a blank one and turns a numeric one back into text', () => {
    expect(parse({ search: '  acme  ' }).search).toBe('acme');
    expect(parse({ search: '   ' }).search).toBeUndefined();
    expect(parse({ search: 911234567 }).search).toBe('911234567');
    expect(parse({ search: ['x'] }).search).toBeUndefined();
  });

  it('never throws, whatever arrives', () => {
    expect(parse({ page: 'abc', limit: 7, search: {} })).toEqual({ page: 1, limit: 10 });
  });
});

describe('picklistParam', () => {
  it('keeps a known value and falls back for an unknown or missing one', () => {
    expect(v.parse(withFilter, { filter: 'verified' }).filter).toBe('verified');
    expect(v.parse(withFilter, { filter: 'bogus' }).filter).toBe('all');
    expect(v.parse(withFilter, {}).filter).toBe('all');
  });
});

describe('pageOffset', () => {
  it('counts the rows before a page', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(2, 10)).toBe(10);
    expect(pageOffset(3, 20)).toBe(40);
  });
});
