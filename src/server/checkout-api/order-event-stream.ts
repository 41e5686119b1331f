/**
 * GET /checkout/api/orders/:payment_uid/events: the payer view as Server-Sent Events. One event
 * (the poll's body, `id` = the order's change sequence) on connect and after every committed
 * change; a comment as heartbeat; the stream ends once the order is final. A reconnect with
 * Last-Event-ID gets nothing it already has: an event only when the order changed since (each
 * event is the whole view, so one event closes any gap). A malformed or unknown id is ignored.
 * Under @hono/node-server the stream is written to Node's response itself (see event-sink.ts).
 */
import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { Clock } from '../clock.js';
import { AppError, notFound } from '../errors.js';
import { requestHeader } from '../http/request-record.js';
import { EVENT_STREAM_HEADERS, type EventSink, nodeEventSink, webEventSink } from './event-sink.js';
import { type PayerViews, type PayerViewVersion, payerAnswer } from './payer-views.js';

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
  const open = new Set<EventSink>();
  let heartbeat: NodeJS.Timeout | undefined;

  const count = (map: Map<string, number>, key: string, by: 1 | -1) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };
  // A heartbeat round writes to every open stream, a few hundred per turn of the event loop, so
  // that ten thousand streams do not hold up requests; a round that finds the previous one still
  // running (a process too busy to keep up) is skipped rather than piled on it. A client that
  // does not take its heartbeat is let go (see `run`).
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      let written = 0;
      for (const sink of [...open]) {
        if (sink.closed || !open.has(sink)) continue;
        if (!sink.write(': keep-alive\n\n')) sink.end();
        written += 1;
        if (written % BEATS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      beating = false;
    }
  };
  options.signal?.addEventListener('abort', () => {
    for (const sink of open) sink.end();
  });

  /**
   * Writes the stream until the order is final, the client goes away or does not keep up, or the
   * service shuts down. A write the client does not take (the socket's buffer full) ends the
   * stream instead of buffering for it: the browser reconnects with Last-Event-ID, or polls.
   */
  const run = async (
    sink: EventSink,
    paymentUid: string,
    client: string,
    current: PayerViewVersion,
    lastSeen: number,
  ) => {
    open.add(sink);
    heartbeat ??= setInterval(() => void beat(), options.heartbeatMs ?? 20_000).unref();
    // The wake-up is armed before each read of the view, so a change heard while a read is under
    // way (which may return the view from before that change) wakes the next turn instead of
    // being lost.
    let wake: (() => void) | undefined;
    const arm = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      });
    let changed = arm();
    const unwatch = views.watch(paymentUid, () => wake?.());
    sink.onClose(() => wake?.());
    try {
      let sent = lastSeen;
      const send = (version: PayerViewVersion): boolean => {
        if (version.seq <= sent) return true;
        sent = version.seq;
        const data = payerAnswer(version, clock.now());
        return sink.write(`data: ${data}\nid: ${version.seq}\nretry: ${RETRY_MS}\n\n`);
      };
      // Read again now that the watch is in place: a change between the caller's read and the
      // watch is not missed (from memory when nothing changed).
      let version: PayerViewVersion | undefined = (await views.get(paymentUid)) ?? current;
      while (version && !sink.closed) {
        if (!send(version)) break;
        // A stream opened while the service shuts down (a browser reconnecting on a kept-alive
        // connection) gets the current view and ends, so it cannot hold the shutdown open.
        if (version.final || options.signal?.aborted) break;
        await changed;
        if (sink.closed) break;
        changed = arm();
        version = await views.get(paymentUid);
      }
    } catch {
      // The store failed mid-stream: end it; the browser reconnects (or falls back to polling).
    } finally {
      unwatch();
      open.delete(sink);
      count(perOrder, paymentUid, -1);
      count(perClient, client, -1);
      if (open.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
      sink.end();
    }
  };

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
    const lastSeen = parseLastEventId(requestHeader(c, 'last-event-id'), current.seq);
    count(perOrder, paymentUid, 1);
    count(perClient, client, 1);
    const outgoing = nodeResponse(c);
    if (outgoing) {
      // Written by this module; the adapter leaves a response marked as already sent alone.
      void run(nodeEventSink(outgoing), paymentUid, client, current, lastSeen);
      return RESPONSE_ALREADY_SENT;
    }
    const { sink, body } = webEventSink();
    void run(sink, paymentUid, client, current, lastSeen);
    return c.body(body, 200, EVENT_STREAM_HEADERS);
  };
}

/** The Node response under @hono/node-server (absent for in-process `app.request`). */
function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === 'function' && !outgoing.headersSent ? outgoing : undefined;
}

/** The change sequence the client already has, if the header names one that exists. */
function parseLastEventId(header: string | undefined, currentSeq: number): number {
  if (header === undefined || !/^\d{1,12}$/.test(header.trim())) return -1;
  const seq = Number(header.trim());
  return seq <= currentSeq ? seq : -1;
}
