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
