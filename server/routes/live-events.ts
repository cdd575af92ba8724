/**
 * `GET /events`: the live event stream (decision 035). Server-Sent Events over a plain streamed
 * response, read by the console with fetch so the bearer token travels in the Authorization header
 * as on every other call (EventSource cannot send one, and a token in the URL would reach logs and
 * proxies).
 *
 * Each stream hears the process's hub (server/services/live-events.ts) and passes on only the kinds
 * its caller's token may view. It ends when the token expires or is signed out (the next event or
 * heartbeat after it notices), and after `streamMs` at most, so a long-lived connection cannot
 * outlive what its token allowed and a balancer can move clients between instances; the console
 * reconnects at once and refetches what it shows.
 */
import { LIVE_EVENT_PERMISSIONS, LIVE_STREAM_EVENTS } from '@contract/live-events';
import { liveEventOperations } from '@contract/operations/money-flows';
import { hasPermission } from '@contract/permissions';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import type { LiveMessage } from '../services/live-events';

/** A comment line every so often keeps proxies and the browser from timing the stream out. */
const HEARTBEAT_MS = 25_000;
/** How soon the browser reconnects after the stream ends (the SSE `retry` field). */
const RETRY_MS = 2_000;

export function liveEventRoutes({ liveEvents, liveStreamMs, revocations, clock }: RouteDeps) {
  return [
    handle(liveEventOperations.stream, ({ c, claims }) => {
      const encoder = new TextEncoder();
      const lifetime = Math.max(0, Math.min(liveStreamMs, claims.exp * 1000 - clock().getTime()));
      let cleanup = () => {};

      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true;
          const write = (text: string) => {
            if (!open) return;
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              close();
            }
          };
          const stillAllowed = () => claims.jti === undefined || !revocations.isRevoked(claims.jti);
          const close = () => {
            if (!open) return;
            open = false;
            cleanup();
            try {
              controller.close();
            } catch {
              // Already closed by the client going away.
            }
          };
          const onMessage = (message: LiveMessage) => {
            if (message.type === 'end' || !stillAllowed()) return close();
            if (message.type === 'resync') return write(`event: ${LIVE_STREAM_EVENTS.resync}\ndata: {}\n\n`);
            if (!hasPermission(claims.resource_access, LIVE_EVENT_PERMISSIONS[message.event.kind])) return;
            write(`event: ${LIVE_STREAM_EVENTS.change}\ndata: ${JSON.stringify(message.event)}\n\n`);
          };
          const unsubscribe = liveEvents.subscribe(onMessage);
          const heartbeat = setInterval(() => (stillAllowed() ? write(': ping\n\n') : close()), HEARTBEAT_MS);
          const end = setTimeout(close, lifetime);
          heartbeat.unref?.();
          end.unref?.();
          const signal = c.req.raw.signal;
          const onAbort = () => close();
          signal?.addEventListener('abort', onAbort);
          cleanup = () => {
            unsubscribe();
            clearInterval(heartbeat);
            clearTimeout(end);
            signal?.removeEventListener('abort', onAbort);
          };
          write(`retry: ${RETRY_MS}\n: connected\n\n`);
          if (lifetime === 0) close();
        },
        cancel() {
          cleanup();
        },
      });

      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          // nginx and similar proxies would otherwise buffer the stream.
          'X-Accel-Buffering': 'no',
        },
      });
    }),
  ];
}
