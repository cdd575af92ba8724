import {
  LIST_VIEW_ERRORS,
  LIST_VIEW_LIMIT,
  type ListId,
  type ListView,
  listViewProblem,
} from '@contract/list-view';
import { listViewOperations } from '@contract/operations/list-views';
import { db, type MockListView } from '../db';
import { failure } from '../http';
import { mock } from '../operation';

/** The caller: the token's subject (every mock token carries one). */
const userOf = (claims: { sub?: string | undefined }) => claims.sub ?? '';
const preferenceKey = (user: string, list: ListId) => `${user} ${list}`;

const shown = (view: MockListView, user: string): ListView => ({ ...view, mine: view.owner.id === user });

const visible = (id: string, user: string) =>
  db.listViews.find((v) => v.id === id && (v.owner.id === user || v.shared));

const nameTaken = (user: string, list: ListId, name: string, exceptId?: string) =>
  db.listViews.some(
    (v) =>
      v.owner.id === user &&
      v.list === list &&
      v.id !== exceptId &&
      v.name.toLowerCase() === name.toLowerCase(),
  );

/** As server/routes/list-views.ts: another's shared view is 403 to change, a private one 404. */
function ownView(id: string, user: string): MockListView | Response {
  const view = visible(id, user);
  if (!view) return failure(404, LIST_VIEW_ERRORS.notFound);
  if (view.owner.id !== user) return failure(403, LIST_VIEW_ERRORS.notOwner);
  return view;
}

/** Columns and saved views, as server/routes/list-views.ts answers them. */
export const listViewHandlers = [
  mock(listViewOperations.preference, ({ query, claims }) => ({
    list: query.list,
    columns: db.listPreferences.get(preferenceKey(userOf(claims), query.list)) ?? null,
  })),

  mock(listViewOperations.savePreference, ({ body, claims }) => {
    const problem = listViewProblem(body.list, { columns: body.columns });
    if (problem) return failure(400, problem);
    db.listPreferences.set(preferenceKey(userOf(claims), body.list), body.columns);
    return { list: body.list, columns: body.columns };
  }),

  mock(listViewOperations.resetPreference, ({ query, claims }) => {
    db.listPreferences.delete(preferenceKey(userOf(claims), query.list));
    return { list: query.list, columns: null };
  }),

  mock(listViewOperations.list, ({ query, claims }) => {
    const user = userOf(claims);
    return db.listViews
      .filter((v) => v.list === query.list && (v.owner.id === user || v.shared))
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))
      .map((v) => shown(v, user));
  }),

  mock(listViewOperations.create, ({ body, claims }) => {
    const user = userOf(claims);
    const problem = listViewProblem(body.list, body);
    if (problem) return failure(400, problem);
    if (nameTaken(user, body.list, body.name)) return failure(409, LIST_VIEW_ERRORS.duplicateName);
    if (db.listViews.filter((v) => v.owner.id === user && v.list === body.list).length >= LIST_VIEW_LIMIT) {
      return failure(409, LIST_VIEW_ERRORS.tooMany);
    }
    const now = new Date().toISOString();
    const view: MockListView = {
      id: crypto.randomUUID(),
      list: body.list,
      name: body.name,
      search: body.search,
      columns: body.columns,
      shared: body.shared,
      owner: { id: user, name: claims.name ?? '' },
      created_at: now,
      updated_at: now,
    };
    db.listViews = [...db.listViews, view];
    return shown(view, user);
  }),

  mock(listViewOperations.detail, ({ params, claims }) => {
    const user = userOf(claims);
    const view = visible(params.id, user);
    return view ? shown(view, user) : failure(404, LIST_VIEW_ERRORS.notFound);
  }),

  mock(listViewOperations.update, ({ params, body, claims }) => {
    const user = userOf(claims);
    const view = ownView(params.id, user);
    if (view instanceof Response) return view;
    const problem = listViewProblem(view.list, body);
    if (problem) return failure(400, problem);
    if (body.name !== undefined && nameTaken(user, view.list, body.name, view.id)) {
      return failure(409, LIST_VIEW_ERRORS.duplicateName);
    }
    const updated: MockListView = {
      ...view,
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.search === undefined ? {} : { search: body.search }),
      ...(body.columns === undefined ? {} : { columns: body.columns }),
      ...(body.shared === undefined ? {} : { shared: body.shared }),
      updated_at: new Date().toISOString(),
    };
    db.listViews = db.listViews.map((v) => (v.id === view.id ? updated : v));
    return shown(updated, user);
  }),

  mock(listViewOperations.remove, ({ params, claims }) => {
    const user = userOf(claims);
    const view = ownView(params.id, user);
    if (view instanceof Response) return view;
    db.listViews = db.listViews.filter((v) => v.id !== view.id);
    return shown(view, user);
  }),
];
