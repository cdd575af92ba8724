import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from './date-range-search';

const schema = v.pipe(
  v.object({ page: v.optional(v.number(), 1), ...dateRangeSearchEntries }),
  v.transform(wholeDateRange),
);
const parse = (input: Record<string, unknown>) => v.parse(schema, input);

describe('date range search params', () => {
  it('keeps both ends in order, a one-day range included', () => {
    expect(parse({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      page: 1,
      from: '2024-03-01',
      to: '2024-03-31',
    });
    expect(parse({ from: '2024-03-05', to: '2024-03-05' })).toEqual({
      page: 1,
      from: '2024-03-05',
      to: '2024-03-05',
    });
  });

  it.each([
    ['a lone from', { from: '2024-03-01' }],
    ['a lone to', { to: '2024-03-31' }],
    ['from after to', { from: '2024-03-31', to: '2024-03-01' }],
    ['a malformed end', { from: '2024-3-1', to: '2024-03-31' }],
    ['a day that does not exist', { from: '2024-02-30', to: '2024-03-31' }],
    ['a number', { from: 20240301, to: '2024-03-31' }],
  ])('drops the whole range for %s, keeping the rest', (_, input) => {
    const search = parse({ page: 3, ...input });
    expect(search).toEqual({ page: 3 });
    // Present as undefined: the router lays the validated search over the raw one.
    expect(search).toHaveProperty('from', undefined);
    expect(search).toHaveProperty('to', undefined);
  });

  it('leaves a search without a range alone', () => {
    expect(parse({})).toEqual({ page: 1 });
  });

  it('maps the URL to the picker and back, both ends or neither', () => {
    expect(rangeOf('2024-03-01', '2024-03-31')).toEqual({ startDate: '2024-03-01', endDate: '2024-03-31' });
    expect(rangeOf('2024-03-01', undefined)).toEqual({ startDate: null, endDate: null });
    expect(searchOfRange({ startDate: null, endDate: null })).toEqual({ from: undefined, to: undefined });
    expect(searchOfRange({ startDate: '2024-03-01', endDate: '2024-03-02' })).toEqual({
      from: '2024-03-01',
      to: '2024-03-02',
    });
  });
});
