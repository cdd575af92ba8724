/**
 * Ours: `GET change-history?subject=&subject_id=` (docs/api.md, "Change history"). Reading a
 * subject's history takes the permission that reads the subject; records it owns (a method's
 * limits, a currency's charges) are included only for callers who may read those too.
 */
import {
  CHANGE_HISTORY_PERMISSION,
  CHANGE_OWNED_SUBJECTS,
  type changeEventSchema,
  changeHistoryQuerySchema,
} from '@contract/change-history';
import { type pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { hasPermission } from '@contract/permissions';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { listChangeHistory } from '../db/queries/change-history';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseOr400 } from '../http/validate';

type ChangeHistoryPage = v.InferOutput<ReturnType<typeof pagedSchema<typeof changeEventSchema>>>;

export function changeHistoryRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const claims = c.get('claims');
    if (!claims) throw new ApiError(401, API_ERRORS.unauthenticated);
    const query = parseOr400(changeHistoryQuerySchema, c.req.query());
    if (!hasPermission(claims.resource_access, CHANGE_HISTORY_PERMISSION[query.subject]))
      throw new ApiError(403, API_ERRORS.forbidden);
    const owned = CHANGE_OWNED_SUBJECTS[query.subject];
    const ownedSubjects =
      owned && hasPermission(claims.resource_access, CHANGE_HISTORY_PERMISSION[owned]) ? [owned] : [];
    const { contents, total } = await listChangeHistory(db, query, ownedSubjects);
    return ok<ChangeHistoryPage>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  return app;
}
