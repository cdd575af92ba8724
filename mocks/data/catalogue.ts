import { demoCatalogue, demoCreatedAt } from '@contract/demo/catalogue';

/**
 * The demo catalogue (contract/demo/) as the mocks date it: the seed's date is the reference
 * server's test clock, so every record's created_at is the one the seed gives it there.
 */
export const MOCK_SEED_DATE = new Date('2026-11-21T12:00:00Z');

export const CATALOGUE = demoCatalogue();

/** A catalogue record's created_at, as the seed stamps it. */
export function createdAtOf(record: { tick: number }): string {
  return demoCreatedAt(MOCK_SEED_DATE, record.tick).toISOString();
}
