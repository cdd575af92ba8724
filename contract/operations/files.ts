/** Stored files: public logos and compliance documents. Texts follow docs/api.md. */
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';

export const fileOperations = {
  logo: defineOperation({
    method: 'get',
    path: '/files/logos/{path}',
    tag: 'Files',
    summary: 'Download a logo',
    description:
      'Public so `<img>` can load it; the stored bytes with their content type, cacheable for a day.',
    public: true,
    response: { contentType: '*/*', description: 'The stored file, as an attachment.' },
  }),
  document: defineOperation({
    method: 'get',
    path: '/files/documents/{path}',
    tag: 'Files',
    summary: 'Download a compliance document',
    description: 'The stored bytes with their content type; `Cache-Control: private, no-store`.',
    permission: PERMISSIONS.viewMerchant,
    response: { contentType: '*/*', description: 'The stored file, as an attachment.' },
  }),
} as const;
