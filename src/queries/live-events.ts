/**
 * Live in the console (issue 22, decision 035): one stream per signed-in tab turns the server's
 * "this changed" events into React Query invalidations, so new payments, payout requests, refunds,
 * chargebacks and approvals show on the lists, the Dashboard and the bell without a reload. Only
 * queries on screen refetch (invalidating an unused query just marks it stale).
 *
 * After the stream ends (the server bounds it, a token renewal, a network cut) it reconnects, and
 * everything it covers is refetched once: events sent while it was away are lost.
 */
import {
  LIVE_EVENT_PERMISSIONS,
  LIVE_STREAM_EVENTS,
  type LiveEventKind,
  liveEventSchema,
} from '@contract/live-events';
import { hasPermission } from '@contract/permissions';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as v from 'valibot';
import { readLiveStream } from '@/lib/live-stream';
import { useSession } from '@/lib/session';
import { approvalQueries } from '@/queries/approvals';
import { dashboardQueries } from '@/queries/dashboard';
import { gatewayAccountQueries } from '@/queries/gateway-accounts';
import { journalEntryQueries } from '@/queries/journal-entries';
import { afterMoneyFlow } from '@/queries/money-flows';
import { transactionQueries } from '@/queries/transactions';
import { type Invalidation, invalidate } from './resource';

/** What each kind of change makes stale. */
const STALE: Readonly<Record<LiveEventKind, () => Invalidation[]>> = {
  payment: () => [
    transactionQueries.all(),
    dashboardQueries.summaries(),
    journalEntryQueries.all(),
    gatewayAccountQueries.all(),
  ],
  'payout-request': () => [
    transactionQueries.all(),
    dashboardQueries.summaries(),
    dashboardQueries.waitingKey(),
    journalEntryQueries.all(),
    gatewayAccountQueries.all(),
  ],
  refund: afterMoneyFlow,
  dispute: afterMoneyFlow,
  approval: () => [approvalQueries.all(), dashboardQueries.waitingKey()],
  journal: () => [journalEntryQueries.all()],
};

/** Waits before reconnecting: quick at first, then backing off to half a minute while it keeps failing. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export function liveEventInvalidations(kind: LiveEventKind): Invalidation[] {
  return STALE[kind]();
}

function everything(): Invalidation[] {
  const all = Object.values(STALE).flatMap((stale) => stale());
  const seen = new Set<string>();
  return all.filter((key) => {
    const text = JSON.stringify(key);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

function handle(queryClient: QueryClient, event: string, data: string): void {
  if (event === LIVE_STREAM_EVENTS.resync) {
    void invalidate(queryClient, everything());
    return;
  }
  if (event !== LIVE_STREAM_EVENTS.change) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const change = v.safeParse(liveEventSchema, parsed);
  if (change.success) void invalidate(queryClient, liveEventInvalidations(change.output.kind));
}

/** Keeps the stream open while signed in; a new token (renewal, another sign-in) opens a new one. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const state = useSession();
  const token = state?.session.access_token;
  // Someone who may view none of the kinds would only ever receive heartbeats: no stream for them.
  const hearsAnything = Object.values(LIVE_EVENT_PERMISSIONS).some((p) =>
    hasPermission(state?.permissions, p),
  );
  useEffect(() => {
    if (!token || !hearsAnything) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;
    const connect = async () => {
      const end = await readLiveStream({
        token,
        signal: controller.signal,
        onOpen: () => {
          failures = 0;
          // Events that came while no stream was open are lost: refetch what is on screen.
          if (connectedBefore) void invalidate(queryClient, everything());
          connectedBefore = true;
        },
        onMessage: ({ event, data }) => handle(queryClient, event, data),
      });
      // A refused token is the session's business (the next API call signs out); stop here.
      if (controller.signal.aborted || end === 'unauthorized') return;
      const wait = end === 'ended' ? RETRY_MS[0] : RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
      if (end === 'failed') failures += 1;
      timer = setTimeout(() => void connect(), wait);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [token, hearsAnything, queryClient]);
}
