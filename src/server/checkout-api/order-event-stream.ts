/**
 * GET /checkout/api/orders/:payment_uid/events: the payer view as Server-Sent Events. One event
 * (the poll's body, `id` = the order's change sequence) on connect and after every committed
 * change; a comment as heartbeat; the stream ends once the order is final. A reconnect with
 * Last-Event-ID gets nothing it already has: an event only when the order changed since (each
 * event is the whole view, so one event closes any gap). A malformed or unknown id is ignored.
 */
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { Clock } from '../clock.js';
import { AppError, notFound } from '../errors.js';
import type { PayerViews, PayerViewVersion } from './payer-views.js';

export interface StreamLimits {
  /** Open streams per order, in this process. */
  readonly perOrder: number;
  /** Open streams per client address, in this process. */
  readonly perClient: number;
}

export interface OrderEventStreamOptions {
  readonly views: PayerViews;
  readonly clock: Clock;
  readonly limits: StreamLimits;
  /** Real time between heartbeat comments (default 20 s). */
  readonly heartbeatMs?: number | undefined;
  /** Aborted when the service shuts down: every open stream ends. */
  readonly signal?: AbortSignal | undefined;
}

/** The reconnect delay browsers are told to use (ms). */
const RETRY_MS = 2000;
/** Heartbeat comments written in one turn of the event loop before yielding to other work. */
const BEATS_PER_TURN = 256;

export function orderEventStream(options: OrderEventStreamOptions) {
  const { views, clock, limits } = options;
  const perOrder = new Map<string, number>();
  const perClient = new Map<string, number>();
  const open = new Set<SSEStreamingApi>();
  let heartbeat: NodeJS.Timeout | undefined;

  const count = (map: Map<string, number>, key: string, by: 1 | -1) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };
  // A heartbeat round writes to every open stream, a few hundred per turn of the event loop, so
  // that ten thousand streams do not hold up requests; a round that finds the previous one still
  // running (a process too busy to keep up) is skipped rather than piled on it.
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      let written = 0;
      for (const stream of [...open]) {
        if (stream.aborted || !open.has(stream)) continue;
        stream.write(': keep-alive\n\n').catch(() => stream.abort());
        written += 1;
        if (written % BEATS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      beating = false;
    }
  };
  options.signal?.addEventListener('abort', () => {
    for (const stream of open) stream.abort();
  });

  return async (c: Context, paymentUid: string, client: string): Promise<Response> => {
    const current = await views.get(paymentUid);
    if (!current) throw notFound('payment_uid: no such order');
    if (
      (perOrder.get(paymentUid) ?? 0) >= limits.perOrder ||
      (perClient.get(client) ?? 0) >= limits.perClient
    ) {
      throw new AppError(ERROR_CODES.rateLimited, 'too many open event streams; poll instead', {
        headers: { 'Retry-After': '30' },
      });
    }
    const lastSeen = parseLastEventId(c.req.header('last-event-id'), current.seq);
    count(perOrder, paymentUid, 1);
    count(perClient, client, 1);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      open.add(stream);
      heartbeat ??= setInterval(() => void beat(), options.heartbeatMs ?? 20_000).unref();
      let wake: (() => void) | undefined;
      const unwatch = views.watch(paymentUid, () => wake?.());
      stream.onAbort(() => wake?.());
      try {
        let sent = lastSeen;
        const send = async (version: PayerViewVersion) => {
          if (version.seq <= sent) return;
          sent = version.seq;
          const view = { ...version.view, server_time: clock.now().toISOString() };
          await stream.writeSSE({
            id: String(version.seq),
            data: JSON.stringify({ result: 'success', data: view }),
            retry: RETRY_MS,
          });
        };
        let version: PayerViewVersion | undefined = current;
        while (version && !stream.aborted) {
          const changed = new Promise<void>((resolve) => {
            wake = resolve;
          });
          await send(version);
          // A stream opened while the service shuts down (a browser reconnecting on a kept-alive
          // connection) gets the current view and ends, so it cannot hold the shutdown open.
          if (version.final || options.signal?.aborted) break;
          await changed;
          if (stream.aborted) break;
          version = await views.get(paymentUid);
        }
      } catch {
        // The store failed mid-stream: end it; the browser reconnects (or falls back to polling).
      } finally {
        unwatch();
        open.delete(stream);
        count(perOrder, paymentUid, -1);
        count(perClient, client, -1);
        if (open.size === 0) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      }
    });
  };
}

/** The change sequence the client already has, if the header names one that exists. */
function parseLastEventId(header: string | undefined, currentSeq: number): number {
  if (header === undefined || !/^\d{1,12}$/.test(header.trim())) return -1;
  const seq = Number(header.trim());
  return seq <= currentSeq ? seq : -1;
}
