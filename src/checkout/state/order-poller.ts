import { isFinalStatus, type PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import type { ApiOutcome } from '../api/api-outcome.js';
import type { CheckoutApi, OrderSnapshot } from '../api/checkout-api.js';
import type { OrderStream } from '../api/order-stream.js';
import { isFastWindow, nextPollDelay, STREAM_CHECK_MS } from '../lib/poll-delay.js';
import { clockOffset } from '../lib/time-left.js';

export interface PollerState {
  /** `unreachable`: no order yet and the service did not answer (still retrying). */
  readonly phase: 'loading' | 'ready' | 'not-found' | 'unreachable';
  readonly order: PayerOrder | undefined;
  /** The last request failed: show the quiet offline note. */
  readonly offline: boolean;
  /** Milliseconds to add to the local clock to get the server's. */
  readonly clockOffsetMs: number;
}

export interface OrderPoller {
  getState(): PollerState;
  subscribe(listener: () => void): () => void;
  /** Polls now and keeps polling while visible. */
  start(): void;
  stop(): void;
  /** Hidden: pause. Visible again (back from the UPI app): check at once. */
  setVisible(visible: boolean): void;
  refreshNow(): void;
  /** The browser says the connection is gone: say so at once (polling goes on behind the note). */
  noteOffline(): void;
  /**
   * A UTR was accepted: poll fast for a while. An open answer shows at once; a final one (the
   * credit came first) is fetched afresh, so the final screen shows the server's details.
   */
  noteSubmitted(status: PaymentStatus, utr: string): void;
}

export interface OrderPollerDeps {
  readonly api: CheckoutApi;
  readonly paymentUid: string;
  readonly now?: () => number;
  /** An order request already under way (started in parallel with the locale): the first poll. */
  readonly firstOrder?: Promise<ApiOutcome<OrderSnapshot>> | undefined;
}

/** The status-following store (docs/checkout.md, Status). Timers are the global ones (fake in tests). */
export function createOrderPoller({
  api,
  paymentUid,
  now = Date.now,
  firstOrder,
}: OrderPollerDeps): OrderPoller {
  let prefetched = firstOrder;
  let state: PollerState = { phase: 'loading', order: undefined, offline: false, clockOffsetMs: 0 };
  const listeners = new Set<() => void>();
  let etag: string | undefined;
  let unchanged = 0;
  let failures = 0;
  let submittedAt: number | undefined;
  let visible = true;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let again = false;
  // Pushed changes (api.watchOrder): while the stream delivers, only a slow safety poll is
  // scheduled (STREAM_CHECK_MS), so that a push that never arrives cannot leave the payer waiting.
  let stream: OrderStream | undefined;
  let streaming = false;
  // Pushed views received: a poll answered while one arrived is no newer than it, and is dropped.
  let pushes = 0;

  const update = (next: Partial<PollerState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!running || !visible || state.phase === 'not-found') return;
    const status = state.order?.payment_status;
    const final = status !== undefined && isFinalStatus(status);
    const delay = streaming
      ? final
        ? undefined
        : STREAM_CHECK_MS
      : nextPollDelay({
          status,
          unchanged,
          failures,
          sinceSubmitMs: submittedAt === undefined ? undefined : now() - submittedAt,
          final,
        });
    if (delay !== undefined) timer = setTimeout(poll, delay);
  };

  // Polls in the fast window after a UTR submission do not count toward back-off.
  const countUnchanged = (n: number) =>
    isFastWindow(submittedAt === undefined ? undefined : now() - submittedAt) ? n : n + 1;

  const poll = async () => {
    const status = state.order?.payment_status;
    if (status !== undefined && isFinalStatus(status)) return; // no request once final
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    clearTimeout(timer);
    const pushesBefore = pushes;
    const request = prefetched ?? api.getOrder(paymentUid, etag);
    prefetched = undefined;
    const outcome = await request;
    inFlight = false;
    switch (outcome.kind) {
      case 'ok':
        // A pushed view arrived meanwhile: this answer may predate it; the next poll asks again.
        if (pushes !== pushesBefore) break;
        etag = outcome.data.etag;
        apply(outcome.data.order);
        break;
      case 'not-modified':
        failures = 0;
        unchanged = countUnchanged(unchanged);
        if (state.offline) update({ offline: false });
        break;
      case 'not-found':
        update({ phase: 'not-found', offline: false });
        break;
      case 'refused':
        // Rate limited (or another refusal): back off quietly; the connection itself is fine.
        failures++;
        break;
      case 'offline':
        failures++;
        update({ offline: true, phase: state.phase === 'loading' ? 'unreachable' : state.phase });
    }
    if (again) {
      again = false;
      void poll();
      return;
    }
    schedule();
  };

  const apply = (order: PayerOrder) => {
    const changed = state.order?.payment_status !== order.payment_status;
    failures = 0;
    unchanged = changed ? 0 : countUnchanged(unchanged);
    update({
      phase: 'ready',
      order,
      offline: false,
      clockOffsetMs: clockOffset(order.server_time, now()),
    });
    // Final by a poll (its push was lost): the stream has nothing more to say.
    if (isFinalStatus(order.payment_status)) closeStream();
  };

  const closeStream = () => {
    stream?.close();
    stream = undefined;
    streaming = false;
  };

  const watch = () => {
    stream = api.watchOrder?.(paymentUid, {
      order(order) {
        streaming = true;
        pushes++;
        apply(order);
        schedule();
      },
      failed() {
        stream = undefined;
        streaming = false;
        schedule();
      },
      trouble() {
        // The stream is reconnecting by itself; a poll tells at once whether the network is gone.
        if (running && !inFlight) void poll();
      },
    });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      running = true;
      void poll();
      watch();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      closeStream();
    },
    setVisible(next) {
      visible = next;
      if (!visible) {
        clearTimeout(timer);
        return;
      }
      unchanged = 0;
      if (running) void poll();
    },
    refreshNow() {
      unchanged = 0;
      failures = 0;
      if (running) void poll();
    },
    noteOffline() {
      if (!state.offline) update({ offline: true });
    },
    noteSubmitted(status, utr) {
      submittedAt = now();
      unchanged = 0;
      if (isFinalStatus(status)) {
        // Ask for the full view, not a 304 against the old one.
        etag = undefined;
        if (running) void poll();
        return;
      }
      // Show the accepted UTR at once, then fetch the server's view of the claim (tries left,
      // claimed UTRs) rather than waiting for the next tick.
      if (state.order) update({ order: { ...state.order, payment_status: status, utr } });
      if (running) void poll();
      else schedule();
    },
  };
}
