import { describe, expect, it } from 'vitest';
import { formatAmount, sameAmount, subtractAmounts } from './amounts';

describe('ledger amounts', () => {
  it('shows at least two places and every significant digit', () => {
    expect(formatAmount('1250.500000')).toBe('1250.50');
    expect(formatAmount('3.141500')).toBe('3.1415');
    expect(formatAmount('7')).toBe('7.00');
    expect(formatAmount('0.000001')).toBe('0.000001');
    expect(formatAmount('-12.100000')).toBe('-12.10');
  });

  it("pads to the currency's places, never cutting a significant digit", () => {
    expect(formatAmount('120.000000', 0)).toBe('120');
    expect(formatAmount('120.500000', 0)).toBe('120.5');
    expect(formatAmount('0.100000', 3)).toBe('0.100');
    expect(formatAmount('0.000001', 2)).toBe('0.000001');
  });

  it('compares and subtracts exactly, beyond what a double holds', () => {
    expect(sameAmount('123456789012345678.000001', '123456789012345678.000001')).toBe(true);
    expect(sameAmount('123456789012345678.000001', '123456789012345678.000002')).toBe(false);
    expect(sameAmount('5', '5.000000')).toBe(true);
    expect(subtractAmounts('10.5', '0.25')).toBe('10.250000');
    expect(subtractAmounts('0.25', '10.5')).toBe('-10.250000');
    expect(subtractAmounts('123456789012345678.000002', '123456789012345678.000001')).toBe('0.000001');
  });
});
