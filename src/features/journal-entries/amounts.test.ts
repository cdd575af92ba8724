import { describe, expect, it } from 'vitest';
import { sameAmount, subtractAmounts } from './amounts';

describe('ledger amounts', () => {
  it('compares and subtracts exactly, beyond what a double holds', () => {
    expect(sameAmount('123456789012345678.000001', '123456789012345678.000001')).toBe(true);
    expect(sameAmount('123456789012345678.000001', '123456789012345678.000002')).toBe(false);
    expect(sameAmount('5', '5.000000')).toBe(true);
    expect(subtractAmounts('10.5', '0.25')).toBe('10.250000');
    expect(subtractAmounts('0.25', '10.5')).toBe('-10.250000');
    expect(subtractAmounts('123456789012345678.000002', '123456789012345678.000001')).toBe('0.000001');
  });
});
