/** The service's own operations: health and this documentation. Texts follow docs/api.md. */
import * as v from 'valibot';
import { defineOperation } from './define';

export const healthSchema = v.object({
  ok: v.literal(true),
  database: v.picklist(['pglite', 'postgres', 'unknown']),
});

export const serviceOperations = {
  health: defineOperation({
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Health check',
    description: 'Runs `select 1` against the database.',
    public: true,
    response: { data: healthSchema },
    errors: { 503: 'The database does not answer.' },
  }),
  openApiDocument: defineOperation({
    method: 'get',
    path: '/openapi.json',
    tag: 'Documentation',
    summary: 'This OpenAPI document',
    description: 'OpenAPI 3.1, generated from the contract schemas.',
    public: true,
    response: {
      contentType: 'application/json',
      description: 'The OpenAPI document.',
      schema: { type: 'object' },
    },
  }),
  docsPage: defineOperation({
    method: 'get',
    path: '/docs',
    tag: 'Documentation',
    summary: 'Browsable API documentation',
    description: 'An HTML page generated from the OpenAPI document.',
    public: true,
    response: { contentType: 'text/html', description: 'The documentation page.' },
  }),
} as const;
