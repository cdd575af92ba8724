/** What the mock list handlers share: the servers' list order and the list envelope's page. */
import { totalPages } from '@contract/envelope';

interface Dated {
  readonly created_at: string;
  readonly id: string;
}

/** Newest first, the id breaking ties (docs/spec-deviations.md 35), as the server's lists. */
export function newestFirst(a: Dated, b: Dated): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** One page of the rows, with the total and page count the list envelope carries. */
export function pageOf<T>(rows: readonly T[], page: number, limit: number) {
  return {
    contents: rows.slice((page - 1) * limit, page * limit),
    total: rows.length,
    total_pages: totalPages(rows.length, limit),
  };
}
