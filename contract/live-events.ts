/**
 * What the live event stream (`GET /api/v1/events`, Server-Sent Events) tells the console: that a
 * resource of some kind changed, and its id. Never the resource itself: the console refetches what
 * it shows through the ordinary, permission-checked operations, so the stream cannot leak a field
 * a list would not show. Each kind is sent only to people holding the permission that views it.
 */
import * as v from 'valibot';
import { PERMISSIONS, type Permission } from './permissions';

export const LIVE_EVENT_KINDS = [
  'payment',
  'payout-request',
  'refund',
  'dispute',
  'approval',
  'journal',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const liveEventSchema = v.object({
  kind: v.picklist(LIVE_EVENT_KINDS),
  id: v.pipe(v.string(), v.uuid()),
});
export type LiveEvent = v.InferOutput<typeof liveEventSchema>;

/** The permission that views each kind: its list screen's. */
export const LIVE_EVENT_PERMISSIONS: Readonly<Record<LiveEventKind, Permission>> = {
  payment: PERMISSIONS.viewTransactions,
  'payout-request': PERMISSIONS.viewTransactions,
  refund: PERMISSIONS.viewTransactions,
  dispute: PERMISSIONS.viewDispute,
  approval: PERMISSIONS.viewApproval,
  journal: PERMISSIONS.viewJournalEntry,
};

/** SSE `event:` names. `change` carries a LiveEvent; `resync` says events may have been missed. */
export const LIVE_STREAM_EVENTS = { change: 'change', resync: 'resync' } as const;
