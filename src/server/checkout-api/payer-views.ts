/**
 * The payer views of this process's orders, kept current by the store's change notifications: a
 * poll or a stream of an unchanged order touches no store, a miss costs one query. Bounded (LRU).
 * Each view carries the order's change sequence (`view_seq`, grown by the store with every status
 * change and UTR claim), which names the version: the ETag of the poll and the event id of the
 * stream.
 *
 * Correctness rests on the change feed: every write that changes a payer view announces it at
 * commit. While the listener is down nothing is cached (every read goes to the store), and when
 * it is back everything cached is dropped and every watcher is told to re-read. Should one
 * announcement still go missing, an open order's view is trusted for `openTrustMs` only (a
 * minute by default): the next read after that goes to the store, so a payer's poll sees a
 * change that was never announced within a minute instead of never (decision 0042). A final
 * view never changes and is kept until evicted.
 */
import { LRUCache } from 'lru-cache';
import { isHttpUrl } from '../../shared/http-url.js';
import { isFinalStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { successEnvelopeJson } from '../http/envelope.js';
import { secretForKey } from '../merchants/api-key-store.js';
import { ORDER_CHANGES_CHANNEL } from '../orders/order-changes.js';
import { findOrderForPayer } from '../orders/order-store.js';
import type { ChangeFeed } from '../store/change-feed.js';
import type { Queryable } from '../store/db.js';
import { payerView } from './payer-view.js';

export interface PayerViewVersion {
  /** The order's change sequence: grows with every change of the view. */
  readonly seq: number;
  /** The poll's ETag: the change sequence and the version of the merchant's profile. */
  readonly etag: string;
  /** The view without server_time (added per answer). */
  readonly view: Omit<PayerOrder, 'server_time'>;
  /** No further change will come. */
  readonly final: boolean;
  /** The answer's JSON up to the time of the answer, written once per version (`payerAnswer`). */
  readonly answerHead: string;
}

/**
 * The success envelope around the view as the payer receives it, `{ ...view, server_time }`, as
 * JSON: the poll's body and the data of the stream's event. Only the time is written per answer.
 */
export function payerAnswer(version: PayerViewVersion, now: Date): string {
  return `${version.answerHead}${now.toISOString()}"}}`;
}

/** The head of `payerAnswer`: the envelope and the view's JSON, open where server_time goes last. */
export function answerHead(view: PayerViewVersion['view']): string {
  // The envelope's JSON ends with the view's closing brace and its own.
  return `${successEnvelopeJson(JSON.stringify(view)).slice(0, -2)},"server_time":"`;
}

export interface PayerViews {
  /** The current view, from memory when it is known to be current; undefined for an unknown order. */
  get(paymentUid: string): Promise<PayerViewVersion | undefined>;
  /** The view held in memory and known to be current, if there is one: no store, no await. */
  peek(paymentUid: string): PayerViewVersion | undefined;
  /** Calls `fn` after every committed change of the order (and after the listener came back). */
  watch(paymentUid: string, fn: () => void): () => void;
  /** Views held now (for tests and metrics). */
  readonly size: number;
}

export interface PayerViewsOptions {
  readonly db: Queryable;
  readonly changes: ChangeFeed;
  readonly sandbox: boolean;
  readonly now: () => Date;
  /** Unseals merchants' API secrets, to sign each view's return address. */
  readonly secretKey: Buffer;
  /** CLAIM_GRACE_SECONDS, for `checking_until`. */
  readonly claimGraceSeconds: number;
  /** Views kept at most (default 10,000: a few MB). */
  readonly maxEntries?: number;
  /** How long an open order's view is served from memory before the store is read again (default 60 s). */
  readonly openTrustMs?: number | undefined;
}

export const OPEN_VIEW_TRUST_MS = 60_000;

export function createPayerViews(options: PayerViewsOptions): PayerViews {
  const { db, changes } = options;
  // The trust window runs on the service's clock.
  const cached = new LRUCache<string, PayerViewVersion>({
    max: options.maxEntries ?? 10_000,
    perf: { now: () => options.now().getTime() },
    // Read the clock at each look, not once a millisecond: a test's clock moves without time passing.
    ttlResolution: 0,
  });
  const openTrustMs = options.openTrustMs ?? OPEN_VIEW_TRUST_MS;
  const reading = new Map<string, Promise<PayerViewVersion | undefined>>();
  const watchers = new Map<string, Set<() => void>>();

  const tell = (fns: Iterable<() => void>) => {
    for (const fn of [...fns]) fn();
  };
  changes.on(ORDER_CHANGES_CHANNEL, (paymentUid) => {
    if (paymentUid.startsWith('merchant:')) {
      // A merchant's profile changed (rare): every view may show it.
      cached.clear();
      reading.clear();
      return;
    }
    cached.delete(paymentUid);
    reading.delete(paymentUid);
    const fns = watchers.get(paymentUid);
    if (fns) tell(fns);
  });
  changes.onState((state) => {
    cached.clear();
    reading.clear();
    if (state === 'resumed') for (const fns of watchers.values()) tell(fns);
  });

  // A key's secret never changes (a new secret is a new key), so a miss of the view stays one
  // query once the key's secret is known here.
  const secrets = new LRUCache<string, string>({ max: 1_000 });
  const secretOf = async (apiKey: string): Promise<string | undefined> => {
    const known = secrets.get(apiKey);
    if (known !== undefined) return known;
    const secret = await secretForKey(db, options.secretKey, apiKey);
    if (secret !== undefined) secrets.set(apiKey, secret);
    return secret;
  };

  const read = async (paymentUid: string): Promise<PayerViewVersion | undefined> => {
    const found = await findOrderForPayer(db, paymentUid);
    if (!found) return undefined;
    // The return address is signed once per version of the view (every status change is one).
    const returnSecret = isHttpUrl(found.order.redirect_url)
      ? await secretOf(found.order.signature_key)
      : undefined;
    const { server_time: _serverTime, ...view } = payerView({
      ...found,
      sandbox: options.sandbox,
      now: options.now(),
      returnSecret,
      claimGraceMs: options.claimGraceSeconds * 1000,
    });
    return {
      seq: found.order.view_seq,
      etag: `"v${found.order.view_seq}.${found.merchant.updated_at.getTime().toString(36)}"`,
      view,
      final: isFinalStatus(found.order.payment_status),
      answerHead: answerHead(view),
    };
  };

  return {
    peek(paymentUid) {
      return cached.get(paymentUid);
    },
    get(paymentUid) {
      const hit = cached.get(paymentUid);
      if (hit) return Promise.resolve(hit);
      if (!changes.live) return read(paymentUid);
      const inFlight = reading.get(paymentUid);
      if (inFlight) return inFlight;
      // Kept only if no change of the order was heard while reading (that drops it from `reading`).
      const promise: Promise<PayerViewVersion | undefined> = read(paymentUid).then(
        (version) => {
          if (reading.get(paymentUid) === promise) {
            reading.delete(paymentUid);
            if (version && changes.live)
              cached.set(paymentUid, version, { ttl: version.final ? 0 : openTrustMs });
          }
          return version;
        },
        (error: unknown) => {
          if (reading.get(paymentUid) === promise) reading.delete(paymentUid);
          throw error;
        },
      );
      reading.set(paymentUid, promise);
      return promise;
    },
    watch(paymentUid, fn) {
      const fns = watchers.get(paymentUid) ?? new Set<() => void>();
      watchers.set(paymentUid, fns);
      fns.add(fn);
      return () => {
        fns.delete(fn);
        if (fns.size === 0 && watchers.get(paymentUid) === fns) watchers.delete(paymentUid);
      };
    },
    get size() {
      return cached.size;
    },
  };
}
