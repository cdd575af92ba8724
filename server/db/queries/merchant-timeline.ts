/**
 * `GET merchants/{id}/timeline` (decision 046): the merchant's story read from the tables that
 * already record it. Each source answers its own newest `limit + 1` rows through an index (status
 * changes by merchant and id, payouts by the partial index of migration 0026, their decisions by
 * journals' transaction index, documents by the files' key, the first and latest transaction by
 * merchant and date), and the merge keeps the newest `limit`: the top of the union is always
 * within the union of each source's top, so no source is read further than the page needs.
 */
import { normalize } from '@contract/decimal';
import {
  compareTimelineEntries,
  type MerchantTimeline,
  type MerchantTimelineEntry,
  type TimelineDocument,
  type TimelineTransaction,
} from '@contract/merchant-timeline';
import type { TransactionStatus, TransactionType } from '@contract/transaction';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { recordedActor } from '../../auth/actor';
import type { Executor } from '../connect';
import {
  currencies,
  type DocumentRef,
  files,
  journals,
  merchantCompliance,
  merchantContactPersons,
  merchantStatusChanges,
  transactions,
} from '../schema';

/** The stored files' paths are what follows this in a document reference. */
const FILES_URL_PREFIX = '/api/v1/files/';

const DECISION_OF: Readonly<Record<string, 'approved' | 'rejected'>> = {
  PAYOUT_APPROVED: 'approved',
  PAYOUT_REJECTED: 'rejected',
};

const transactionColumns = {
  id: transactions.id,
  txnRef: transactions.txnRef,
  amount: transactions.amount,
  currency: currencies.nameCode,
  type: transactions.type,
  status: transactions.status,
  date: transactions.transactionDate,
};

type TransactionRow = {
  id: string;
  txnRef: string;
  amount: string;
  currency: string;
  type: string;
  status: TransactionStatus;
  date: Date;
};

function toTimelineTransaction(row: TransactionRow): TimelineTransaction {
  return {
    id: row.id,
    txn_ref: row.txnRef,
    amount: normalize(row.amount),
    currency: row.currency,
    type: row.type as TransactionType,
    status: row.status,
  };
}

async function statusChanges(db: Executor, merchantId: string, take: number) {
  const rows = await db
    .select()
    .from(merchantStatusChanges)
    .where(eq(merchantStatusChanges.merchantId, merchantId))
    .orderBy(desc(merchantStatusChanges.id))
    .limit(take);
  return rows.map(
    (row): MerchantTimelineEntry => ({
      kind: 'status_change',
      at: row.changedAt.toISOString(),
      from: row.fromStatus,
      to: row.toStatus,
      by: recordedActor(row.changedById, row.changedByName),
    }),
  );
}

function payouts(db: Executor, merchantId: string) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .where(and(eq(transactions.merchantId, merchantId), eq(transactions.type, 'PAYOUT')));
}

async function payoutRequests(db: Executor, merchantId: string, take: number) {
  const rows = await payouts(db, merchantId)
    .orderBy(desc(transactions.transactionDate), desc(transactions.id))
    .limit(take);
  return rows.map(
    (row): MerchantTimelineEntry => ({
      kind: 'payout_request',
      at: row.date.toISOString(),
      transaction: toTimelineTransaction(row),
    }),
  );
}

async function payoutDecisions(db: Executor, merchantId: string, take: number) {
  const rows = await db
    .select({
      ...transactionColumns,
      event: journals.eventType,
      decidedAt: journals.createdAt,
      byId: journals.postedById,
      byName: journals.postedByName,
    })
    .from(journals)
    .innerJoin(transactions, eq(transactions.id, journals.transactionId))
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        eq(transactions.type, 'PAYOUT'),
        inArray(journals.eventType, Object.keys(DECISION_OF)),
      ),
    )
    .orderBy(desc(journals.createdAt), desc(journals.id))
    .limit(take);
  return rows.map(
    (row): MerchantTimelineEntry => ({
      kind: 'payout_decision',
      at: row.decidedAt.toISOString(),
      decision: DECISION_OF[row.event] ?? 'approved',
      by: recordedActor(row.byId, row.byName),
      transaction: toTimelineTransaction(row),
    }),
  );
}

function pathsOf(ref: DocumentRef): string[] {
  if (ref === null) return [];
  return (Array.isArray(ref) ? ref : [ref])
    .filter((url) => url.startsWith(FILES_URL_PREFIX))
    .map((url) => url.slice(FILES_URL_PREFIX.length));
}

/** The documents the merchant's records point at, each dated by when its file was stored. */
async function documents(db: Executor, merchantId: string) {
  const [[compliance], [contact]] = await Promise.all([
    db
      .select({
        tin: merchantCompliance.tinCertification,
        license: merchantCompliance.tradeLicense,
        moa: merchantCompliance.moa,
      })
      .from(merchantCompliance)
      .where(eq(merchantCompliance.merchantId, merchantId)),
    db
      .select({ document: merchantContactPersons.document })
      .from(merchantContactPersons)
      .where(eq(merchantContactPersons.merchantId, merchantId)),
  ]);
  const wanted = new Map<string, TimelineDocument>();
  const add = (ref: DocumentRef | undefined, document: TimelineDocument) => {
    for (const path of pathsOf(ref ?? null)) if (!wanted.has(path)) wanted.set(path, document);
  };
  add(compliance?.tin, 'tin_certification');
  add(compliance?.license, 'trade_license');
  add(compliance?.moa, 'moa');
  add(contact?.document, 'contact_id');
  if (wanted.size === 0) return [];
  // Only the key and the date: the files' bytes stay where they are.
  const stored = await db
    .select({ path: files.path, at: files.createdAt })
    .from(files)
    .where(inArray(files.path, [...wanted.keys()]));
  return stored.map(
    (row): MerchantTimelineEntry => ({
      kind: 'document',
      at: row.at.toISOString(),
      document: wanted.get(row.path) ?? 'tin_certification',
      path: row.path,
    }),
  );
}

/** The first and the latest transaction; one entry when the merchant has only one. */
async function firstAndLatest(db: Executor, merchantId: string) {
  const ends = (order: typeof asc) =>
    db
      .select(transactionColumns)
      .from(transactions)
      .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
      .where(eq(transactions.merchantId, merchantId))
      .orderBy(order(transactions.transactionDate), order(transactions.id))
      .limit(1);
  const [[first], [latest]] = await Promise.all([ends(asc), ends(desc)]);
  const entries: MerchantTimelineEntry[] = [];
  if (first) {
    entries.push({
      kind: 'first_transaction',
      at: first.date.toISOString(),
      transaction: toTimelineTransaction(first),
    });
  }
  if (latest && latest.id !== first?.id) {
    entries.push({
      kind: 'latest_transaction',
      at: latest.date.toISOString(),
      transaction: toTimelineTransaction(latest),
    });
  }
  return entries;
}

/** The merchant's newest `limit` timeline entries, newest first. */
export async function merchantTimeline(
  db: Executor,
  merchantId: string,
  limit: number,
): Promise<MerchantTimeline> {
  const take = limit + 1;
  const sources = await Promise.all([
    statusChanges(db, merchantId, take),
    payoutRequests(db, merchantId, take),
    payoutDecisions(db, merchantId, take),
    documents(db, merchantId),
    firstAndLatest(db, merchantId),
  ]);
  const entries = sources.flat().sort(compareTimelineEntries);
  return { contents: entries.slice(0, limit), has_more: entries.length > limit };
}
