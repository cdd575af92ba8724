import { API_ERRORS } from '@contract/messages';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusals } from './helpers';

const DOCUMENT = 'files/documents/{document:ACTIVE}';

const cases: ConformanceCase[] = [
  // GET files/documents/*: a merchant's compliance documents, view-merchant
  ...refusals({ method: 'GET', path: DOCUMENT }, 'finance'),
  {
    name: 'an attachment named after the last segment',
    role: 'support',
    request: { method: 'GET', path: DOCUMENT },
    expect: {
      status: 200,
      contentType: 'application/pdf',
      text: (text, headers) => {
        expect(headers.get('content-disposition')).toMatch(/^attachment; filename="[^"/]+\.pdf"/);
        expect(text.startsWith('%PDF')).toBe(true);
      },
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'files/documents/nobody/missing' },
    expect: { status: 404, message: API_ERRORS.notFound('File') },
  },

  // GET files/logos/*: public
  {
    name: "a payment method's logo, without a token",
    role: 'none',
    request: { method: 'GET', path: 'files/logos/payment-methods/CBE.svg' },
    expect: { status: 200, contentType: 'image/svg+xml', text: (text) => expect(text).toContain('<svg') },
    serverOnly: 'the mocks serve no logos: the console shows the initials when an image does not load',
  },
];

export const fileCases: ResourceCases = { resource: 'files', cases };
