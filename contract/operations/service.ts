/**
 * The service's own operations: health (a combined check, and the liveness and readiness probes of
 * an orchestrator or a load balancer) and this documentation. Texts follow docs/api.md.
 */
import * as v from 'valibot';
import { API_SERVER_ERRORS } from '../messages';
import { defineOperation } from './define';

export const healthSchema = v.object({
  ok: v.literal(true),
  database: v.picklist(['pglite', 'postgres', 'unknown']),
});

export const livenessSchema = v.object({ ok: v.literal(true) });

export const readinessSchema = v.object({
  ok: v.literal(true),
  database: v.picklist(['pglite', 'postgres', 'unknown']),
  /** How many migrations the database has recorded; at least as many as this build ships. */
  migrations: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** Why `GET /health/ready` answers 503 (the envelope's errorMessage). */
export const READINESS_ERRORS = {
  databaseUnavailable: API_SERVER_ERRORS.databaseUnavailable,
  migrationsPending: 'The database migrations are not all applied',
  shuttingDown: 'The server is shutting down',
} as const;

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
  live: defineOperation({
    method: 'get',
    path: '/health/live',
    tag: 'Service',
    summary: 'Liveness probe',
    description:
      'Answers while the process can serve HTTP at all; touches no database, so a database outage does not ' +
      "get the process restarted. For an orchestrator's liveness probe.",
    public: true,
    response: { data: livenessSchema },
  }),
  ready: defineOperation({
    method: 'get',
    path: '/health/ready',
    tag: 'Service',
    summary: 'Readiness probe',
    description:
      'Ready to take traffic: the database answers and has every migration this build ships applied ' +
      '(recorded in `drizzle.__drizzle_migrations`), and the process is not shutting down. For a load ' +
      "balancer's or an orchestrator's readiness probe.",
    public: true,
    response: { data: readinessSchema },
    errors: {
      503: 'The database does not answer, a migration is not applied yet, or the server is shutting down (it drains).',
    },
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
