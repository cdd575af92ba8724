/**
 * Small real files for the seed: a one-page PDF per compliance document and an SVG logo per
 * merchant or payment method. Stored in the `files` table; the API serves them at
 * `/api/v1/files/<path>`.
 */

import { logoSvg } from '@contract/demo/logos';

/** The URL path under which the API serves a stored file. */
export const FILES_URL_PREFIX = '/api/v1/files/';

export function fileUrl(path: string): string {
  return `${FILES_URL_PREFIX}${path}`;
}

/** PDF string literal: backslash and parentheses escaped, non-Latin-1 replaced (the font is WinAnsi). */
function pdfText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A minimal, valid one-page PDF 1.4 with the given lines in Helvetica: header, four objects, an
 * xref table with exact byte offsets, and a trailer, so any viewer opens it.
 */
export function makePdf(title: string, lines: readonly string[]): Uint8Array {
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    ...lines.flatMap((line) => ['0 -22 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  // Everything above is ASCII, so string length equals byte length and the offsets hold.
  return Buffer.from(body, 'latin1');
}

/** A square SVG logo (contract/demo/logos.ts), as the bytes the `files` table stores. */
export function makeLogoSvg(initials: string, background: string, foreground?: string): Uint8Array {
  return Buffer.from(logoSvg(initials, background, foreground), 'utf8');
}

/** First letters of the first two words, upper-case ("Abay Coffee" -> "AC"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w));
  const letters = words.slice(0, 2).map((w) => w[0] ?? '');
  return (letters.join('') || name.slice(0, 2)).toUpperCase();
}
