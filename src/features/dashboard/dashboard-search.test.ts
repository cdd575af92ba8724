import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dashboardSearchSchema } from './dashboard-search';

const parse = (input: Record<string, unknown>) => v.parse(dashboardSearchSchema, input);
const DEFAULT = { from: undefined, to: undefined };

describe('dashboardSearchSchema', () => {
  it('keeps a valid range', () => {
    expect(parse({ from: '2026-11-01', to: '2026-11-20' })).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(parse({ from: '2026-11-20', to: '2026-11-20' })).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it.each([
    [{}],
    [{ from: '2026-11-01' }],
    [{ to: '2026-11-01' }],
    [{ from: '2026-11-20', to: '2026-11-01' }],
    [{ from: '2026-02-30', to: '2026-03-01' }],
    [{ from: 'yesterday', to: '2026-03-01' }],
    [{ from: 20261101, to: '2026-11-20' }],
  ])('falls back to the default range for %j', (input) => {
    expect(parse(input)).toEqual(DEFAULT);
  });
});
