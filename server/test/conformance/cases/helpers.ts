import { API_ERRORS } from '@contract/messages';
import type { CaseRequest, ConformanceCase, Role } from '../case';

/** 401 without a token and, when someone lacks the permission, 403 for them: every operation's first cases. */
export function refusals(request: CaseRequest, forbidden: Role | null): ConformanceCase[] {
  const cases: ConformanceCase[] = [
    { role: 'none', request, expect: { status: 401, message: API_ERRORS.unauthenticated } },
  ];
  if (forbidden)
    cases.push({ role: forbidden, request, expect: { status: 403, message: API_ERRORS.forbidden } });
  return cases;
}

export const LIMIT_TOO_LARGE = 'limit: limit must be an integer from 1 to 100';
export const ID_NOT_UUID = 'id: id must be a UUID';

/** The `total` of a paged list's data. */
export function totalOf(data: unknown): number {
  return (data as { total: number }).total;
}

/** The rows of a paged list's data. */
export function rowsOf<T = Record<string, unknown>>(data: unknown): T[] {
  return (data as { contents: T[] }).contents;
}
