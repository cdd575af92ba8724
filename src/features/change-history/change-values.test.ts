import { describe, expect, it } from 'vitest';
import { eventHeading, fieldLabel, formatChangeValue } from './change-values';

describe('formatChangeValue', () => {
  it('shows none, Yes/No, lists joined by commas and everything else as sent', () => {
    expect(formatChangeValue(null)).toBe('none');
    expect(formatChangeValue(true)).toBe('Yes');
    expect(formatChangeValue(false)).toBe('No');
    expect(formatChangeValue(['ETB', 'USD'])).toBe('ETB, USD');
    expect(formatChangeValue([])).toBe('none');
    expect(formatChangeValue('1000.50')).toBe('1000.50');
    expect(formatChangeValue(6)).toBe('6');
    expect(formatChangeValue(0)).toBe('0');
  });
});

describe('formatChangeValue with its field', () => {
  it('shows amounts and enum values as the tables do', () => {
    expect(formatChangeValue('5000', 'min_amount')).toBe('5,000');
    expect(formatChangeValue('1250000.5', 'amount')).toBe('1,250,000.5');
    expect(formatChangeValue('WEEKLY', 'interval')).toBe('Weekly');
    expect(formatChangeValue('TRANSACTION_FEE', 'charge_time')).toBe('Transaction Fee');
    expect(formatChangeValue('PERCENT', 'charge_calculation_method')).toBe('Percentage');
    expect(formatChangeValue('FLAT', 'charge_calculation_method')).toBe('Flat');
    expect(formatChangeValue('INCOME_FROM_CHARGE', 'financial_account_type')).toBe('Income From Charge');
    expect(formatChangeValue(['1000 to 5000: 15', '5001 to 10000.5: 20'], 'charge_ranges')).toBe(
      '1,000 to 5,000: 15, 5,001 to 10,000.5: 20',
    );
    // A name is text, whatever it looks like.
    expect(formatChangeValue('ABC_BANK', 'name')).toBe('ABC_BANK');
    expect(formatChangeValue('5000', 'code')).toBe('5000');
  });
});

describe('fieldLabel', () => {
  it("uses the subject's form label, and humanizes a field it does not know", () => {
    expect(fieldLabel('currency', 'name')).toBe('Currency Name');
    expect(fieldLabel('charge', 'name')).toBe('Charge Name');
    expect(fieldLabel('payment_method', 'supported_currencies')).toBe('Supported Currencies');
    expect(fieldLabel('gl_account', 'brand_new_field')).toBe('Brand New Field');
  });
});

describe('eventHeading', () => {
  it("names the owned record's kind in its owner's history only", () => {
    expect(eventHeading({ action: 'UPDATE', subject: 'payment_method' }, 'payment_method')).toBe('Edited');
    expect(eventHeading({ action: 'DELETE', subject: 'transaction_limit' }, 'payment_method')).toBe(
      'Transaction limit deleted',
    );
    expect(eventHeading({ action: 'CREATE', subject: 'charge' }, 'currency')).toBe('Charge created');
  });
});
