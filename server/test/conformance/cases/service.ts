import { healthSchema, livenessSchema, readinessSchema } from '@contract/operations/service';
import type { ConformanceCase, ResourceCases } from '../case';
import { ok, table } from './table';

/** The health probes: public, enveloped, and ready on a migrated database (the server's) or none. */
const cases: ConformanceCase[] = table([
  ['none GET health', ok(healthSchema, { ok: true })],
  ['none GET health/live', ok(livenessSchema, { ok: true })],
  ['none GET health/ready', ok(readinessSchema, { ok: true })],
  ['admin GET health/ready', ok(readinessSchema, { ok: true }), { name: 'a token changes nothing' }],
]);

export const serviceCases: ResourceCases = { resource: 'service', cases };
