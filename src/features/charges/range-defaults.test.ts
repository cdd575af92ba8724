import { describe, expect, it } from 'vitest';
import { nextRangeRow, plusOne } from './range-defaults';

describe('plusOne', () => {
  it('adds one exactly to whole and fractional amounts', () => {
    expect(plusOne(1000)).toBe('1001');
    expect(plusOne('999')).toBe('1000');
    expect(plusOne('0.1')).toBe('1.1');
    expect(plusOne(2.25)).toBe('3.25');
    expect(plusOne('99999999999999999')).toBe('100000000000000000');
  });

  it('gives null for what is not an amount', () => {
    expect(plusOne('')).toBeNull();
    expect(plusOne('-5')).toBeNull();
    expect(plusOne('abc')).toBeNull();
    expect(plusOne(Number.NaN)).toBeNull();
  });
});

describe('nextRangeRow', () => {
  it('starts the first range empty and each next one at the previous To plus 1', () => {
    expect(nextRangeRow([])).toEqual({ min_amount: '', max_amount: '', charge_amount: '' });
    expect(nextRangeRow([{ min_amount: 1, max_amount: 1000, charge_amount: 5 }]).min_amount).toBe('1001');
    expect(nextRangeRow([{ min_amount: 1, max_amount: '', charge_amount: 5 }]).min_amount).toBe('');
  });
});
