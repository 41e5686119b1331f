import ky, { type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import {
  ApiErrorSchema,
  type MatchResult,
  MatchResultSchema,
  type PayerOrder,
  PayerOrderSchema,
  type SimulationResult,
  SimulationResultSchema,
  successEnvelope,
} from '../../shared/payer-order.js';
import type { ApiOutcome } from './api-outcome.js';
import { orderStreams, type WatchOrder } from './order-stream.js';

export interface OrderSnapshot {
  readonly order: PayerOrder;
  readonly etag: string | undefined;
}

/** The payer-facing API (docs/decisions/0002-open-points.md, Payer-facing API). The only place in the page that makes requests. */
export interface CheckoutApi {
  getOrder(paymentUid: string, etag?: string): Promise<ApiOutcome<OrderSnapshot>>;
  submitUtr(paymentUid: string, utr: string): Promise<ApiOutcome<MatchResult>>;
  simulatePayment(paymentUid: string): Promise<ApiOutcome<SimulationResult>>;
  /** The order's changes pushed as they happen; absent where the browser has no EventSource. */
  readonly watchOrder?: WatchOrder | undefined;
}

export interface CheckoutApiOptions {
  /** The service's origin; the page's own by default. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** The browser's EventSource, for pushed status changes (the page polls without it). */
  readonly EventSource?: typeof EventSource | undefined;
}

const OrderEnvelope = successEnvelope(PayerOrderSchema);
const MatchEnvelope = successEnvelope(MatchResultSchema);
const SimulationEnvelope = successEnvelope(SimulationResultSchema);

export function createCheckoutApi(options: CheckoutApiOptions): CheckoutApi {
  const client = ky.create({
    prefixUrl: options.baseUrl,
    retry: 0,
    timeout: options.timeoutMs ?? 15_000,
    throwHttpErrors: false,
    cache: 'no-store',
    // Same origin, no cookies are set: 'same-origin' lets the first GET take the page's preload.
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const orderPath = (uid: string) => `checkout/api/orders/${encodeURIComponent(uid)}`;

  return {
    watchOrder: orderStreams({ baseUrl: options.baseUrl, EventSource: options.EventSource }),
    async getOrder(paymentUid, etag) {
      const headers: Record<string, string> = etag ? { 'If-None-Match': etag } : {};
      // The first request may be answered by the page's `Link: rel=preload` (fetched with the page).
      const cache = etag ? 'no-store' : 'default';
      return send(client, orderPath(paymentUid), { method: 'get', headers, cache }, (response, body) => {
        const parsed = OrderEnvelope.safeParse(body);
        if (!parsed.success) return { kind: 'offline' };
        return {
          kind: 'ok',
          data: { order: parsed.data.data, etag: response.headers.get('ETag') ?? undefined },
        };
      });
    },
    async submitUtr(paymentUid, utr) {
      const json = { payment_uid: paymentUid, serial_number: utr };
      return send(client, 'Payments/india_match', { method: 'post', json }, (_, body) =>
        readData(MatchEnvelope, body),
      );
    },
    async simulatePayment(paymentUid) {
      return send(client, `${orderPath(paymentUid)}/simulate`, { method: 'post' }, (_, body) =>
        readData(SimulationEnvelope, body),
      );
    },
  };
}

function readData<T>(schema: z.ZodMiniType<{ result: 'success'; data: T }>, body: unknown): ApiOutcome<T> {
  const parsed = schema.safeParse(body);
  return parsed.success ? { kind: 'ok', data: parsed.data.data } : { kind: 'offline' };
}

type RequestInit = {
  method: 'get' | 'post';
  headers?: Record<string, string>;
  json?: unknown;
  cache?: RequestCache;
};

async function send<T>(
  client: KyInstance,
  path: string,
  init: RequestInit,
  onSuccess: (response: Response, body: unknown) => ApiOutcome<T>,
): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await client(path, init);
  } catch {
    return { kind: 'offline' };
  }
  if (response.status === 304) return { kind: 'not-modified' };
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return onSuccess(response, body);
  if (response.status >= 500) return { kind: 'offline' };
  const error = ApiErrorSchema.safeParse(body);
  const code = error.success ? error.data.data.error : `http_${response.status}`;
  if (code === 'not_found' || (!error.success && response.status === 404)) return { kind: 'not-found' };
  return {
    kind: 'refused',
    code,
    retryAfterSeconds: retryAfter(response.headers.get('Retry-After')),
    creditAmount: error.success ? error.data.data.credit_amount : undefined,
  };
}

function retryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}
