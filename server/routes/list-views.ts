/**
 * A person's columns and saved views of the console's lists (issue 24, decision 042). Shapes are
 * checked by the declarations (contract/operations/list-views.ts); what depends on the list (its
 * column and search allow-lists) by `listViewProblem`, the same check the mocks run. Every call
 * acts for the token's subject: another person's private view is 404, their shared one 403 to change.
 */
import { LIST_VIEW_ERRORS, LIST_VIEW_LIMIT, type ListId, listViewProblem } from '@contract/list-view';
import { listViewOperations } from '@contract/operations/list-views';
import { SQLSTATE, sqlState } from '../db/connect';
import {
  countOwnViews,
  deletePreference,
  deleteView,
  findPreference,
  findVisibleView,
  insertView,
  listViewsOf,
  savePreference,
  updateView,
  viewNameTaken,
} from '../db/queries/list-views';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';

function refuseProblem(list: ListId, view: Parameters<typeof listViewProblem>[1]) {
  const problem = listViewProblem(list, view);
  if (problem) throw new ApiError(400, problem);
}

/** A unique-index violation is a name taken by a concurrent save: the same 409 as the check. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw new ApiError(409, LIST_VIEW_ERRORS.duplicateName);
    throw error;
  }
}

export function listViewRoutes({ db, clock }: RouteDeps) {
  /** The view for its owner: another's shared view is 403, a private or missing one 404. */
  async function ownView(userId: string, id: string) {
    const found = await findVisibleView(db, userId, id);
    if (!found) throw new ApiError(404, LIST_VIEW_ERRORS.notFound);
    if (!found.view.mine) throw new ApiError(403, LIST_VIEW_ERRORS.notOwner);
    return found.view;
  }

  return [
    handle(listViewOperations.preference, ({ query, claims }) => findPreference(db, claims.sub, query.list)),
    handle(listViewOperations.savePreference, ({ body, claims }) => {
      refuseProblem(body.list, { columns: body.columns });
      return savePreference(db, claims.sub, body.list, body.columns, clock());
    }),
    handle(listViewOperations.resetPreference, ({ query, claims }) =>
      deletePreference(db, claims.sub, query.list),
    ),
    handle(listViewOperations.list, ({ query, claims }) => listViewsOf(db, claims.sub, query.list)),
    handle(listViewOperations.create, async ({ body, claims }) => {
      refuseProblem(body.list, body);
      if (await viewNameTaken(db, claims.sub, body.list, body.name)) {
        throw new ApiError(409, LIST_VIEW_ERRORS.duplicateName);
      }
      if ((await countOwnViews(db, claims.sub, body.list)) >= LIST_VIEW_LIMIT) {
        throw new ApiError(409, LIST_VIEW_ERRORS.tooMany);
      }
      const owner = { id: claims.sub, name: claims.name };
      return uniqueName(() => insertView(db, { ...body, owner }, clock()));
    }),
    handle(listViewOperations.detail, async ({ params, claims }) => {
      const found = await findVisibleView(db, claims.sub, params.id);
      if (!found) throw new ApiError(404, LIST_VIEW_ERRORS.notFound);
      return found.view;
    }),
    handle(listViewOperations.update, async ({ params, body, claims }) => {
      const view = await ownView(claims.sub, params.id);
      refuseProblem(view.list, body);
      if (body.name !== undefined && (await viewNameTaken(db, claims.sub, view.list, body.name, view.id))) {
        throw new ApiError(409, LIST_VIEW_ERRORS.duplicateName);
      }
      const updated = await uniqueName(() => updateView(db, claims.sub, view.id, body, clock()));
      if (!updated) throw new ApiError(404, LIST_VIEW_ERRORS.notFound);
      return updated;
    }),
    handle(listViewOperations.remove, async ({ params, claims }) => {
      const view = await ownView(claims.sub, params.id);
      const removed = await deleteView(db, claims.sub, view.id);
      if (!removed) throw new ApiError(404, LIST_VIEW_ERRORS.notFound);
      return removed;
    }),
  ];
}
