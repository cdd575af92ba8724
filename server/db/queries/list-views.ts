/**
 * The SQL behind a person's column choices and saved views (decision 042) and the mapping to the
 * contract's `listPreferenceSchema` and `listViewSchema`. Every read is scoped to the caller here,
 * so a route cannot forget it: a view is found only when it is theirs or shared.
 */
import type { ListId, ListPreference, ListSearch, ListView } from '@contract/list-view';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../connect';
import { listPreferences, listViews } from '../schema';

export async function findPreference(db: Executor, userId: string, list: ListId): Promise<ListPreference> {
  const [row] = await db
    .select({ columns: listPreferences.columns })
    .from(listPreferences)
    .where(and(eq(listPreferences.userId, userId), eq(listPreferences.listId, list)));
  return { list, columns: row?.columns ?? null };
}

export async function savePreference(
  db: Executor,
  userId: string,
  list: ListId,
  columns: string[],
  now: Date,
): Promise<ListPreference> {
  await db
    .insert(listPreferences)
    .values({ userId, listId: list, columns, updatedAt: now })
    .onConflictDoUpdate({
      target: [listPreferences.userId, listPreferences.listId],
      set: { columns, updatedAt: now },
    });
  return { list, columns };
}

export async function deletePreference(db: Executor, userId: string, list: ListId): Promise<ListPreference> {
  await db
    .delete(listPreferences)
    .where(and(eq(listPreferences.userId, userId), eq(listPreferences.listId, list)));
  return { list, columns: null };
}

type ViewRow = typeof listViews.$inferSelect;

function toView(row: ViewRow, userId: string): ListView {
  return {
    id: row.id,
    list: row.listId as ListId,
    name: row.name,
    search: row.search,
    columns: row.columns ?? null,
    shared: row.shared,
    owner: { id: row.ownerId, name: row.ownerName },
    mine: row.ownerId === userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's views of a list and the ones others shared, by name. */
export async function listViewsOf(db: Executor, userId: string, list: ListId): Promise<ListView[]> {
  const rows = await db
    .select()
    .from(listViews)
    .where(and(eq(listViews.listId, list), or(eq(listViews.ownerId, userId), eq(listViews.shared, true))))
    .orderBy(asc(sql`lower(${listViews.name})`), asc(listViews.id));
  return rows.map((row) => toView(row, userId));
}

/** A view the caller may see (theirs or shared); another person's private view is not found. */
export async function findVisibleView(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(listViews)
    .where(and(eq(listViews.id, id), or(eq(listViews.ownerId, userId), eq(listViews.shared, true))));
  return row ? { row, view: toView(row, userId) } : undefined;
}

export async function viewNameTaken(
  db: Executor,
  ownerId: string,
  list: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: listViews.id })
    .from(listViews)
    .where(
      and(
        eq(listViews.ownerId, ownerId),
        eq(listViews.listId, list),
        sql`lower(${listViews.name}) = lower(${name})`,
      ),
    );
  return rows.some((row) => row.id !== exceptId);
}

export async function countOwnViews(db: Executor, ownerId: string, list: ListId): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listViews)
    .where(and(eq(listViews.ownerId, ownerId), eq(listViews.listId, list)));
  return Number(row?.n ?? 0);
}

export interface NewView {
  owner: { id: string; name: string };
  list: ListId;
  name: string;
  search: ListSearch;
  columns: string[] | null;
  shared: boolean;
}

export async function insertView(db: Executor, view: NewView, now: Date): Promise<ListView> {
  const [row] = await db
    .insert(listViews)
    .values({
      ownerId: view.owner.id,
      ownerName: view.owner.name,
      listId: view.list,
      name: view.name,
      search: view.search,
      columns: view.columns,
      shared: view.shared,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toView(row, view.owner.id);
}

export interface ViewChange {
  name?: string | undefined;
  search?: ListSearch | undefined;
  columns?: string[] | null | undefined;
  shared?: boolean | undefined;
}

/** Changes the owner's view; undefined when it is not theirs (or gone). */
export async function updateView(
  db: Executor,
  ownerId: string,
  id: string,
  change: ViewChange,
  now: Date,
): Promise<ListView | undefined> {
  const set: Partial<typeof listViews.$inferInsert> = { updatedAt: now };
  if (change.name !== undefined) set.name = change.name;
  if (change.search !== undefined) set.search = change.search;
  if (change.columns !== undefined) set.columns = change.columns;
  if (change.shared !== undefined) set.shared = change.shared;
  const [row] = await db
    .update(listViews)
    .set(set)
    .where(and(eq(listViews.id, id), eq(listViews.ownerId, ownerId)))
    .returning();
  return row ? toView(row, ownerId) : undefined;
}

export async function deleteView(db: Executor, ownerId: string, id: string): Promise<ListView | undefined> {
  const [row] = await db
    .delete(listViews)
    .where(and(eq(listViews.id, id), eq(listViews.ownerId, ownerId)))
    .returning();
  return row ? toView(row, ownerId) : undefined;
}
