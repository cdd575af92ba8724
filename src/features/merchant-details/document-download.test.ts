import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from '@/lib/api';
import { documentFileName, documentUrl } from './document-download';

describe('documentUrl', () => {
  it('serves server paths from the API origin and bare paths under files/', () => {
    const api = apiBaseUrl(); // e.g. http://localhost:3000/api/v1
    expect(documentUrl('/api/v1/files/documents/MER-1/moa.pdf')).toBe(`${api}/files/documents/MER-1/moa.pdf`);
    expect(documentUrl('/documents/bole/id.pdf')).toBe(`${api}/files/documents/bole/id.pdf`);
    expect(documentUrl('https://cdn.example.com/a/b.pdf')).toBe('https://cdn.example.com/a/b.pdf');
  });
});

describe('documentFileName', () => {
  it('is the last path segment, decoded, without query or fragment', () => {
    expect(documentFileName('/api/v1/files/documents/MER-1/trade-license.pdf')).toBe('trade-license.pdf');
    expect(documentFileName('https://cdn.example.com/a/My%20ID.pdf?sig=1')).toBe('My ID.pdf');
    expect(documentFileName('/documents/x/tin#page=2')).toBe('tin');
    expect(documentFileName('/documents/x/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
