/**
 * The CSV of `GET /transactions/export` (ours): one header line, then one line per transaction, in
 * the list's order. Written once here so the server and the mocks send the same bytes.
 *
 * - RFC 4180: fields separated by commas, lines ended by CRLF; a field holding a comma, a double
 *   quote, CR or LF is enclosed in double quotes with its quotes doubled.
 * - CSV injection (OWASP "CSV Injection"): a cell starting with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return is prefixed with a single quote, so a spreadsheet shows it as text instead of
 *   running it as a formula. Phone numbers such as `+251911000000` therefore read `'+251911000000`.
 * - Money is the exact decimal string of the API (`1250.5`), never a float.
 */
import type { Transaction } from './transaction';

interface CsvColumn {
  readonly header: string;
  readonly value: (t: Transaction) => string | null;
}

export const TRANSACTION_CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'Transaction ID', value: (t) => t.id },
  { header: 'Date (UTC)', value: (t) => t.transaction_date },
  { header: 'Reference', value: (t) => t.reference.txn_ref },
  { header: 'Customer First Name', value: (t) => t.against.customer.first_name },
  { header: 'Customer Last Name', value: (t) => t.against.customer.last_name },
  { header: 'Customer Phone Number', value: (t) => t.against.customer.phone_number },
  { header: 'Amount', value: (t) => t.amount },
  { header: 'Fee', value: (t) => t.fee },
  { header: 'Currency', value: (t) => t.transaction_method.currency.name_code },
  { header: 'Type', value: (t) => t.type },
  { header: 'Status', value: (t) => t.status },
  { header: 'Payment Method', value: (t) => t.transaction_method.payment_method?.name ?? null },
  { header: 'Payment Method Code', value: (t) => t.transaction_method.payment_method?.code ?? null },
  { header: 'Merchant ID', value: (t) => t.merchant?.id ?? null },
  { header: 'Merchant', value: (t) => t.merchant?.name ?? null },
];

export const CSV_LINE_END = '\r\n';
export const TRANSACTION_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** Characters a spreadsheet may read as the start of a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised against formulas, then quoted per RFC 4180 when it has to be. */
export function csvField(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | null)[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}

export const TRANSACTION_CSV_HEADER = csvLine(TRANSACTION_CSV_COLUMNS.map((c) => c.header));

export function transactionCsvLine(transaction: Transaction): string {
  return csvLine(TRANSACTION_CSV_COLUMNS.map((c) => c.value(transaction)));
}

/** `transactions-2026-11-22.csv`, or with the filter's days: `transactions-2026-11-01-to-2026-11-15.csv`. */
export function transactionCsvFileName(today: string, from?: string, to?: string): string {
  if (!from && !to) return `transactions-${today}.csv`;
  return `transactions-${from ?? 'start'}-to-${to ?? today}.csv`;
}
