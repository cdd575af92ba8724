/**
 * `GET merchants/{id}/timeline` (decision 046) from the mock store: the merchant's last status
 * change through the mock API (the mocks keep only the last), its payouts and their decisions, its
 * documents (dated by the merchant's creation: the mock keeps no file dates) and its first and
 * latest transaction, ordered as the server orders them.
 */
import type { Merchant } from '@contract/merchant';
import {
  compareTimelineEntries,
  type MerchantTimelineEntry,
  type TimelineDocument,
  type TimelineTransaction,
} from '@contract/merchant-timeline';
import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import type { Transaction } from '@contract/transaction';
import { allTransactions, transactionDetail } from '../data/transactions';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';

function timelineTransaction(t: Transaction): TimelineTransaction {
  return {
    id: t.id,
    txn_ref: t.reference.txn_ref,
    amount: t.amount,
    currency: t.transaction_method.currency.name_code,
    type: t.type,
    status: t.status,
  };
}

/** A document reference's stored paths: what follows `/api/v1/files/` (the mocks' start at `/`). */
function pathsOf(ref: string | readonly string[] | null | undefined): string[] {
  if (!ref) return [];
  return (typeof ref === 'string' ? [ref] : [...ref]).map((url) => url.replace(/^(\/api\/v1\/files)?\//, ''));
}

function documents(merchant: Merchant): MerchantTimelineEntry[] {
  const refs: [string | readonly string[] | null | undefined, TimelineDocument][] = [
    [merchant.compliance?.tin_certification, 'tin_certification'],
    [merchant.compliance?.trade_license, 'trade_license'],
    [merchant.compliance?.moa, 'moa'],
    [merchant.contact_person?.document, 'contact_id'],
  ];
  const seen = new Set<string>();
  return refs.flatMap(([ref, document]) =>
    pathsOf(ref)
      .filter((path) => !seen.has(path) && seen.add(path))
      .map((path): MerchantTimelineEntry => ({ kind: 'document', at: merchant.created_at, document, path })),
  );
}

function transactionEntries(merchant: Merchant): MerchantTimelineEntry[] {
  // Newest first, as allTransactions answers them.
  const mine = allTransactions(db.merchants).filter((t) => t.merchant?.id === merchant.id);
  const entries: MerchantTimelineEntry[] = [];
  for (const t of mine.filter((t) => t.type === 'PAYOUT')) {
    entries.push({ kind: 'payout_request', at: t.transaction_date, transaction: timelineTransaction(t) });
    const { decision } = transactionDetail(db.merchants, t);
    if (decision && t.status !== 'PAY_OUT') {
      entries.push({
        kind: 'payout_decision',
        at: decision.at,
        decision: t.status === 'SUCCESS' ? 'approved' : 'rejected',
        by: decision.by,
        transaction: timelineTransaction(t),
      });
    }
  }
  const first = mine.at(-1);
  const latest = mine[0];
  if (first)
    entries.push({
      kind: 'first_transaction',
      at: first.transaction_date,
      transaction: timelineTransaction(first),
    });
  if (latest && latest !== first) {
    entries.push({
      kind: 'latest_transaction',
      at: latest.transaction_date,
      transaction: timelineTransaction(latest),
    });
  }
  return entries;
}

export const merchantTimelineHandlers = [
  mock(merchantOperations.timeline, ({ params, query: { limit } }) => {
    const merchant = db.merchants.find((m) => m.id === params.id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    const change = db.merchantStatusChanges.get(merchant.id);
    const entries = [
      ...(change ? [{ kind: 'status_change' as const, ...change }] : []),
      ...transactionEntries(merchant),
      ...documents(merchant),
    ].sort(compareTimelineEntries);
    return { contents: entries.slice(0, limit), has_more: entries.length > limit };
  }),
];
