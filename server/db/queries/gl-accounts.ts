/**
 * The SQL behind the GL account endpoints and the mapping from rows to `glAccountSchema`. Writes run
 * in one transaction each; refusals are results, not exceptions, so the router picks the status.
 */

import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import type { GlAccount, GlAccountListQuery, GlAccountPayload } from '@contract/gl-account';
import type { GlAccountSortKey } from '@contract/list-sort';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { type Database, SQLSTATE, sqlState, type Transaction } from '../connect';
import { glAccounts, journalEntries } from '../schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../sort';
import { containsPattern, type ListPage } from '../sql';
import { recordChange } from './change-history';

function listWhere(query: GlAccountListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(glAccounts.status, query.status));
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(or(ilike(glAccounts.name, pattern), ilike(glAccounts.description, pattern)));
  }
  return and(...conditions);
}

const SORT_COLUMNS: SortColumns<GlAccountSortKey> = {
  created: glAccounts.createdAt,
  name: glAccounts.name,
  type: glAccounts.type,
  status: glAccounts.status,
};

/** `GET gl-accounts` with the contract's parsed query, in its `sort` (id breaking ties). */
export function listGlAccounts(db: Database, query: GlAccountListQuery): Promise<ListPage<GlAccount>> {
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, glAccounts.id);
  return sortedTablePage(db, glAccounts, listWhere(query), orderBy, query, toGlAccount);
}

export async function findGlAccount(db: Database, id: string): Promise<GlAccount | undefined> {
  const rows = await db.select().from(glAccounts).where(eq(glAccounts.id, id));
  return rows[0] ? toGlAccount(rows[0]) : undefined;
}

export type GlAccountWrite =
  | { ok: true; account: GlAccount }
  | { ok: false; reason: 'not-found' | 'name-taken' | 'type-locked' };

/** New accounts are ACTIVE: spec §4 exposes no status change, so the payload carries none. */
export async function createGlAccount(
  db: Database,
  payload: GlAccountPayload,
  now: Date,
  actor: Actor,
): Promise<GlAccountWrite> {
  return writeInTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(glAccounts)
      .values({ ...columnsOf(payload), status: 'ACTIVE', createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const account = toGlAccount(row);
    await recordChange(tx, actor, now, changeOf(CHANGE_SPECS.glAccount, 'CREATE', null, account));
    return { ok: true, account };
  });
}

/**
 * Updates name, type, manual flag and description. A type change is refused once the account has
 * journal entries: every posted entry would silently change meaning (an ASSET debit read as an
 * EXPENSE). The row is locked first (FOR UPDATE conflicts with the KEY SHARE lock a concurrent
 * entry insert takes on it), so no entry can slip in between the check and the update.
 */
export async function updateGlAccount(
  db: Database,
  id: string,
  payload: GlAccountPayload,
  now: Date,
  actor: Actor,
): Promise<GlAccountWrite> {
  return writeInTransaction(db, async (tx) => {
    const [current] = await tx.select().from(glAccounts).where(eq(glAccounts.id, id)).for('update');
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.type !== payload.type) {
      const entries = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.glAccountId, id))
        .limit(1);
      if (entries.length > 0) return { ok: false, reason: 'type-locked' };
    }
    const [row] = await tx
      .update(glAccounts)
      .set({ ...columnsOf(payload), updatedAt: now })
      .where(eq(glAccounts.id, id))
      .returning();
    if (!row) throw new Error('locked row vanished');
    const account = toGlAccount(row);
    await recordChange(
      tx,
      actor,
      now,
      changeOf(CHANGE_SPECS.glAccount, 'UPDATE', toGlAccount(current), account),
    );
    return { ok: true, account };
  });
}

/** The columns a create and an update write from the payload. */
function columnsOf(payload: GlAccountPayload) {
  return {
    name: payload.name,
    type: payload.type,
    manualJournalEntriesAllowed: payload.manual_journal_entries_allowed,
    description: payload.description,
  };
}

/**
 * Runs a write in one transaction. The unique name is enforced by the database (race-free); its
 * violation is a refusal, not a 500.
 */
async function writeInTransaction(
  db: Database,
  write: (tx: Transaction) => Promise<GlAccountWrite>,
): Promise<GlAccountWrite> {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) return { ok: false, reason: 'name-taken' };
    throw error;
  }
}

function toGlAccount(row: typeof glAccounts.$inferSelect): GlAccount {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    manual_journal_entries_allowed: row.manualJournalEntriesAllowed,
    description: row.description,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
