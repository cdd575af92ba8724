/**
 * Ours: `GET change-history?subject=&subject_id=` (docs/api.md, "Change history"). Reading a
 * subject's history takes the permission that reads the subject; records it owns (a method's
 * limits, a currency's charges) are included only for callers who may read those too.
 */
import { CHANGE_HISTORY_PERMISSION, CHANGE_OWNED_SUBJECTS } from '@contract/change-history';
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { changeHistoryOperations } from '@contract/operations/change-history';
import { hasPermission } from '@contract/permissions';
import { listChangeHistory } from '../db/queries/change-history';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';

export function changeHistoryRoutes({ db }: RouteDeps) {
  return [
    // Declared without a permission: the subject in the query decides which one it takes.
    handle(changeHistoryOperations.list, async ({ query, claims: { resource_access } }) => {
      if (!hasPermission(resource_access, CHANGE_HISTORY_PERMISSION[query.subject]))
        throw new ApiError(403, API_ERRORS.forbidden);
      const owned = CHANGE_OWNED_SUBJECTS[query.subject];
      const ownedSubjects =
        owned && hasPermission(resource_access, CHANGE_HISTORY_PERMISSION[owned]) ? [owned] : [];
      const { contents, total } = await listChangeHistory(db, query, ownedSubjects);
      return { contents, total, total_pages: totalPages(total, query.limit) };
    }),
  ];
}
