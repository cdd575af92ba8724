import { paymentMethodLogoSvg } from '@contract/demo/logos';
import { DEMO_PAYMENT_METHODS } from '@contract/demo/payment-methods';
import { API_ERRORS } from '@contract/messages';
import { fileOperations } from '@contract/operations/files';
import { HttpResponse } from 'msw';
import { failure } from '../http';
import { mock } from '../operation';

/** A tiny valid-looking PDF: enough for a download to have bytes and a type. */
const MINIMAL_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

const notFound = () => failure(404, API_ERRORS.notFound('File'));

/** `GET files/logos/*` and `GET files/documents/*` (docs/api.md "Files"). */
export const fileHandlers = [
  /** A demo payment method's logo, drawn as the seed draws it; any other logo is 404, as unseeded. */
  mock(fileOperations.logo, ({ params }) => {
    const code = /^payment-methods\/([^/]+)\.svg$/.exec(params.path)?.[1];
    const method = DEMO_PAYMENT_METHODS.find((m) => m.code === code);
    if (!method) return notFound();
    return new HttpResponse(paymentMethodLogoSvg(method), {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Content-Disposition': `attachment; filename="${method.code}.svg"`,
        'Cache-Control': 'public, max-age=86400',
      },
    });
  }),

  /**
   * `GET files/documents/*` (docs/api.md "Files"): answers the bytes as an attachment named after
   * the last path segment. Any path not ending in `.pdf` is 404, so a test can point a merchant's
   * document at `/documents/missing` to see the failed download.
   */
  mock(fileOperations.document, ({ params }) => {
    const name = params.path.split('/').at(-1) ?? '';
    if (!name.endsWith('.pdf')) return notFound();
    return new HttpResponse(MINIMAL_PDF, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  }),
];
