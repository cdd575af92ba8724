import { API_ERRORS } from '@contract/messages';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusals } from './helpers';
import { fails, table } from './table';

const DOCUMENT = 'files/documents/{document:ACTIVE}';

const cases: ConformanceCase[] = [
  // GET files/documents/*: a merchant's compliance documents, view-merchant
  ...refusals({ method: 'GET', path: DOCUMENT }, 'finance'),
  ...table([
    [
      `support GET ${DOCUMENT}`,
      {
        status: 200,
        contentType: 'application/pdf',
        text: (text, headers) => {
          expect(headers.get('content-disposition')).toMatch(/^attachment; filename="[^"/]+\.pdf"/);
          expect(text.startsWith('%PDF')).toBe(true);
        },
      },
      { name: 'an attachment named after the last segment' },
    ],
    ['admin GET files/documents/nobody/missing', fails(404, API_ERRORS.notFound('File'))],
  ]),

  // GET files/logos/*: public
  ...table([
    [
      'none GET files/logos/payment-methods/CBE.svg',
      { status: 200, contentType: 'image/svg+xml', text: (text) => expect(text).toContain('<svg') },
      { name: "a payment method's logo, without a token" },
    ],
    ['none GET files/logos/payment-methods/NOPE.svg', fails(404, API_ERRORS.notFound('File'))],
  ]),
];

export const fileCases: ResourceCases = { resource: 'files', cases };
