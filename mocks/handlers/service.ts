import { serviceOperations } from '@contract/operations/service';
import { mock } from '../operation';

/**
 * The health probes, so a console or a script pointed at the mocks finds them as on the server
 * (docs/api.md "Health"). The in-memory backend has no database to ask and no migrations to apply:
 * it is always ready, and says so without naming a database.
 */
export const serviceHandlers = [
  mock(serviceOperations.health, () => ({ ok: true as const, database: 'unknown' as const })),
  mock(serviceOperations.live, () => ({ ok: true as const })),
  mock(serviceOperations.ready, () => ({ ok: true as const, database: 'unknown' as const, migrations: 0 })),
];
