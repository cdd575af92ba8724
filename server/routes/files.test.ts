import { API_ERRORS } from '@contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../http/content-disposition';
import { describeApi, insertFile, readEnvelope } from '../test/api';
import { expectStatus } from '../test/expect';
import { storedPath } from './files';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
const PDF = '%PDF-1.4 test';

describe('file paths', () => {
  it('takes the stored path after the folder and refuses traversal', () => {
    expect(storedPath('/api/v1/files/logos/M1.svg', 'logos')).toBe('logos/M1.svg');
    expect(storedPath('/api/v1/files/documents/M1/tin%20cert.pdf', 'documents')).toBe(
      'documents/M1/tin cert.pdf',
    );
    expect(storedPath('/api/v1/files/documents/%2e%2e/x', 'documents')).toBeUndefined();
    expect(storedPath('/api/v1/files/documents/a//b', 'documents')).toBeUndefined();
    expect(storedPath('/api/v1/files/documents/%E0%A4%A', 'documents')).toBeUndefined();
  });

  it('names the attachment safely', () => {
    expect(contentDisposition('tin.pdf')).toBe(`attachment; filename="tin.pdf"; filename*=UTF-8''tin.pdf`);
    expect(contentDisposition('a"b\u1234.pdf')).toBe(
      `attachment; filename="a_b_.pdf"; filename*=UTF-8''a%22b%E1%88%B4.pdf`,
    );
  });
});

describeApi('files', (api) => {
  beforeAll(async () => {
    await insertFile(api, 'logos/T1.svg', 'image/svg+xml', SVG);
    await insertFile(api, 'documents/T1/tin.pdf', 'application/pdf', PDF);
  });

  it('serves logos without a token, as an attachment named after the last segment', async () => {
    const response = await api.call('/api/v1/files/logos/T1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="T1.svg"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(await response.text()).toBe(SVG);
  });

  it('serves documents only with view-merchant', async () => {
    const path = '/api/v1/files/documents/T1/tin.pdf';
    const anonymous = await api.call(path);
    await expectStatus(anonymous, 401);
    const finance = await api.call(path, { token: await api.tokenFor('finance') });
    await expectStatus(finance, 403);
    const support = await api.call(path, { token: await api.tokenFor('support') });
    expect(support.status).toBe(200);
    expect(support.headers.get('content-type')).toBe('application/pdf');
    expect(support.headers.get('content-disposition')).toMatch(/^attachment; filename="tin.pdf"/);
    expect(support.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await support.arrayBuffer())).toEqual(new TextEncoder().encode(PDF));
  });

  it('never reaches a document through the public logo path', async () => {
    for (const path of [
      '/api/v1/files/logos/..%2fdocuments/T1/tin.pdf',
      '/api/v1/files/logos/..%2Fdocuments%2FT1%2Ftin.pdf',
    ]) {
      const response = await api.call(path);
      expect(response.status, path).toBe(404);
      await readEnvelope(response);
    }
  });

  it('answers 404 in the envelope for a missing file', async () => {
    const token = await api.tokenFor('admin');
    // (A `%2e%2e` segment never reaches the route: URL parsing resolves it; storedPath is tested above.)
    for (const path of ['/api/v1/files/logos/none.svg', '/api/v1/files/documents/T1/none.pdf']) {
      const response = await api.call(path, { token });
      await expectStatus(response, 404, API_ERRORS.notFound('File'));
    }
  });
});
