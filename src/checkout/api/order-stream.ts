import { isFinalStatus } from '../../shared/order-status.js';
import { type PayerOrder, PayerOrderSchema, successEnvelope } from '../../shared/payer-order.js';

export interface OrderStreamHandlers {
  /** The order as the service has it now (on connect and after every change). */
  order(order: PayerOrder): void;
  /** The stream is closed for good: poll instead. */
  failed(): void;
  /** The connection dropped and the browser is reconnecting: a moment to check the network. */
  trouble?(): void;
}

export interface OrderStream {
  close(): void;
}

export type WatchOrder = (paymentUid: string, handlers: OrderStreamHandlers) => OrderStream;

export interface OrderStreamOptions {
  readonly baseUrl: string;
  /** The browser's EventSource; without one there is no stream (the page polls). */
  readonly EventSource: typeof EventSource | undefined;
  /** Without a first event by then, a proxy is probably buffering the stream (default 8 s). */
  readonly firstEventMs?: number;
}

const OrderEnvelope = successEnvelope(PayerOrderSchema);
/** Errors in a row, without an event between them, before the stream is given up. */
const MAX_ERRORS = 3;

/**
 * The pushed order status: Server-Sent Events from /checkout/api/orders/{uid}/events, each the
 * poll's body. The browser reconnects by itself (with Last-Event-ID); the stream is given up,
 * and the page polls, when it fails before its first event, fails again and again, sends what
 * it cannot read, or stays silent at first (a proxy buffering it). Closed once the order is final.
 */
export function orderStreams(options: OrderStreamOptions): WatchOrder | undefined {
  const Source = options.EventSource;
  if (!Source) return undefined;
  return (paymentUid, handlers) => {
    const source = new Source(
      `${options.baseUrl}/checkout/api/orders/${encodeURIComponent(paymentUid)}/events`,
    );
    let errors = 0;
    let heard = false;
    let done = false;
    const close = () => {
      done = true;
      clearTimeout(silence);
      source.close();
    };
    const fail = () => {
      if (done) return;
      close();
      handlers.failed();
    };
    const silence = setTimeout(fail, options.firstEventMs ?? 8_000);
    source.onmessage = (event: MessageEvent<string>) => {
      let body: unknown;
      try {
        body = JSON.parse(event.data);
      } catch {
        body = undefined;
      }
      const parsed = OrderEnvelope.safeParse(body);
      if (!parsed.success) return fail();
      heard = true;
      errors = 0;
      clearTimeout(silence);
      const order = parsed.data.data;
      if (isFinalStatus(order.payment_status)) close();
      handlers.order(order);
    };
    source.onerror = () => {
      errors++;
      if (!heard || errors >= MAX_ERRORS || source.readyState === Source.CLOSED) fail();
      else handlers.trouble?.();
    };
    return { close };
  };
}
