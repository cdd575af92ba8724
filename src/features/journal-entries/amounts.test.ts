import { describe, expect, it } from 'vitest';
import { subtractAmounts } from './amounts';

describe('ledger amounts', () => {
  it('subtracts exactly, beyond what a double holds', () => {
    expect(subtractAmounts('10.5', '0.25')).toBe('10.250000');
    expect(subtractAmounts('0.25', '10.5')).toBe('-10.250000');
    expect(subtractAmounts('123456789012345678.000002', '123456789012345678.000001')).toBe('0.000001');
  });
});
