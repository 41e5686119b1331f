/**
 * A typed client of the signed merchant API (docs/merchant-api.md): create, query, balance, with
 * every request signed. Node 18 or later (fetch and node:crypto); no other dependency.
 *
 *   const gateway = new GatewayClient({ baseUrl, merchantUid, apiKey, apiSecret });
 *   const { payment, payment_url } = await gateway.createOrder({ transaction_type: 'income', amount: '19.99', merchant_order_id: 'SHOP-1' });
 */
import type { Balance, CreatedOrder, CreateOrderRequest, Order } from './api-types.js';
import { GatewayError } from './gateway-error.js';
import { sign, verifyCallback, verifyReturn } from './signing.js';

export interface GatewayClientOptions {
  /** The service's address, `https://pay.example.com`. */
  readonly baseUrl: string;
  readonly merchantUid: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  /** `/gateway/api` (default) or its alias `/octopus/api`. */
  readonly prefix?: '/gateway/api' | '/octopus/api';
  /** Another fetch (a test's, a proxy's); the global one by default. */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/** A creation: merchant_uid is the client's own, and the answer is always JSON. */
export type NewOrder = Omit<CreateOrderRequest, 'merchant_uid' | 'response_type'>;

export class GatewayClient {
  readonly #options: GatewayClientOptions;

  constructor(options: GatewayClientOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  /**
   * Creates a collection (income) or a payout (expense). Sending the same request again answers
   * the same order: retry a timed-out creation with the same merchant_order_id.
   */
  createOrder(order: NewOrder): Promise<CreatedOrder> {
    return this.#call<CreatedOrder>('/order/new', {
      ...order,
      merchant_uid: this.#options.merchantUid,
      response_type: 'json',
    });
  }

  /** Every field of one of the merchant's orders; a GatewayError `not_found` for an unknown id. */
  queryOrder(merchantOrderId: string): Promise<Order> {
    return this.#call<Order>('/order/get', { merchant_order_id: merchantOrderId });
  }

  /**
   * Available (`inr`, what payouts may spend), held (`inr_held`), pending confirmation
   * (`inr_pending`) and frozen (`inr_frozen`) balance, as decimal strings.
   */
  balance(): Promise<Balance> {
    return this.#call<Balance>('/ledger/get_merchant_ledger', { merchant_uid: this.#options.merchantUid });
  }

  /** Whether a callback (raw body and OC-Signature) was signed with this client's secret. */
  verifyCallback(
    body: string | Readonly<Record<string, string>>,
    signature: string | null | undefined,
  ): boolean {
    return verifyCallback(this.#options.apiSecret, body, signature);
  }

  /** Whether the payer's return to redirect_url carries this client's signature. */
  verifyReturn(url: string | URL | URLSearchParams): boolean {
    return verifyReturn(this.#options.apiSecret, url);
  }

  async #call<T>(path: string, body: Readonly<Record<string, string>>): Promise<T> {
    const { baseUrl, prefix = '/gateway/api', apiKey, apiSecret } = this.#options;
    const send = this.#options.fetch ?? fetch;
    const response = await send(`${baseUrl}${prefix}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'OC-Key': apiKey,
        'OC-Signature': sign(apiSecret, body),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let answer: { result?: unknown; data?: Record<string, unknown> };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new GatewayError(response.status, 'invalid_answer', `not JSON: ${text.slice(0, 200)}`, '');
    }
    if (answer.result === 'success' && response.ok) return answer.data as T;
    const data = answer.data ?? {};
    throw new GatewayError(
      response.status,
      String(data.error ?? 'invalid_answer'),
      String(data.details ?? text.slice(0, 200)),
      String(data.request_id ?? response.headers.get('x-request-id') ?? ''),
    );
  }
}
