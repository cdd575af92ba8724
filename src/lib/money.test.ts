import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyIn, groupDigits } from './money';

describe('groupDigits', () => {
  it('groups whole digits by three and keeps the fraction as sent', () => {
    expect(groupDigits('1')).toBe('1');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('20000000')).toBe('20,000,000');
    expect(groupDigits('1250.50')).toBe('1,250.50');
    expect(groupDigits('-1234567.5')).toBe('-1,234,567.5');
    expect(groupDigits('123456789012345678')).toBe('123,456,789,012,345,678');
  });

  it('leaves anything that is not a decimal alone', () => {
    expect(groupDigits('n/a')).toBe('n/a');
  });
});

describe('formatMoney', () => {
  it('groups thousands and pads to the currency places without rounding', () => {
    expect(formatMoney('1234567.5', 2)).toBe('1,234,567.50');
    expect(formatMoney('0.3', 2)).toBe('0.30');
    expect(formatMoney('1000', 2)).toBe('1,000.00');
    expect(formatMoney('999', 0)).toBe('999');
    expect(formatMoney('1000', 3)).toBe('1,000.000');
    expect(formatMoney('-1234.5', 2)).toBe('-1,234.50');
  });

  it('keeps every digit a float would lose and never rounds extra places away', () => {
    expect(formatMoney('12345678901234567.89', 2)).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('0.125', 2)).toBe('0.125');
    expect(formatMoney('007.5', 2)).toBe('7.50');
  });

  it("drops the ledger's zeros past the currency places, never a significant digit", () => {
    expect(formatMoney('1250.500000', 2)).toBe('1,250.50');
    expect(formatMoney('3.141500', 2)).toBe('3.1415');
    expect(formatMoney('7', 2)).toBe('7.00');
    expect(formatMoney('0.000001', 2)).toBe('0.000001');
    expect(formatMoney('-12.100000', 2)).toBe('-12.10');
    expect(formatMoney('120.000000', 0)).toBe('120');
    expect(formatMoney('120.500000', 0)).toBe('120.5');
    expect(formatMoney('0.100000', 3)).toBe('0.100');
  });

  it('leaves text that is not a decimal as it is', () => {
    expect(formatMoney('n/a', 2)).toBe('n/a');
  });

  it('formatMoneyIn pads to known places, and groups the amount as sent when they are not known', () => {
    expect(formatMoneyIn('3074024.7', 2)).toBe('3,074,024.70');
    expect(formatMoneyIn('0', 2)).toBe('0.00');
    expect(formatMoneyIn('3074024.7', null)).toBe('3,074,024.7');
  });
});
