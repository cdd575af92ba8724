import { saveFile } from '@/lib/save-file';

/** A report as CSV (RFC 4180: quoted when needed, CRLF), and its download. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    // A leading = + - @ would run as a formula in a spreadsheet: prefix a quote (OWASP CSV injection).
    const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(name: string, rows: readonly (readonly (string | number)[])[]): void {
  saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);
}
