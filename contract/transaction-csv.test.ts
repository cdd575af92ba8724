import { describe, expect, it } from 'vitest';
import { csvField, csvLine, transactionCsvFileName } from './transaction-csv';

describe('csvField', () => {
  it('leaves plain values alone and writes null and empty as an empty field', () => {
    expect(csvField('FT-123')).toBe('FT-123');
    expect(csvField('1250.5')).toBe('1250.5');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('prefixes a quote to cells a spreadsheet would run as a formula (OWASP)', () => {
    expect(csvField('=1+1')).toBe(`'=1+1`);
    expect(csvField('+251911000000')).toBe(`'+251911000000`);
    expect(csvField('-5')).toBe(`'-5`);
    expect(csvField('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvField('\tx')).toBe(`'\tx`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('quotes fields with commas, quotes, CR or LF, doubling the quotes (RFC 4180)', () => {
    expect(csvField('Abay, PLC')).toBe('"Abay, PLC"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('\rx')).toBe(`"'\rx"`);
  });

  it('ends every line with CRLF', () => {
    expect(csvLine(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});

describe('transactionCsvFileName', () => {
  it('names the day of the export, or the filter days', () => {
    expect(transactionCsvFileName('2026-11-22')).toBe('transactions-2026-11-22.csv');
    expect(transactionCsvFileName('2026-11-22', '2026-11-01', '2026-11-05')).toBe(
      'transactions-2026-11-01-to-2026-11-05.csv',
    );
    expect(transactionCsvFileName('2026-11-22', '2026-11-01')).toBe(
      'transactions-2026-11-01-to-2026-11-22.csv',
    );
    expect(transactionCsvFileName('2026-11-22', undefined, '2026-11-05')).toBe(
      'transactions-start-to-2026-11-05.csv',
    );
  });
});
