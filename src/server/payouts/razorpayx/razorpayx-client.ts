/**
 * The two RazorpayX Payouts calls this service makes (docs/decisions/0024-payout-provider.md):
 * create a payout to a bank account with its contact and fund account in one request (the
 * composite API), with `X-Payout-Idempotency` set to our payment_uid so a retried request is
 * the same payout; and fetch a payout by id, the poll behind the webhooks. Basic authentication
 * with the key id and secret; the secret never leaves this module's headers.
 */
import type { RazorpayxConfig } from '../../config.js';
import type { Order } from '../../orders/order.js';
import { cleanBankText } from '../bank-files/bank-text.js';
import { type ProviderRequestOptions, providerRequest } from '../provider-request.js';
import { type RazorpayxPayout, RazorpayxPayoutSchema } from './razorpayx-payout.js';

export type RazorpayxAnswer =
  | { readonly kind: 'payout'; readonly payout: RazorpayxPayout }
  /** Refused for good (a 4xx): no payout was made, and the same request will be refused again. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** Nothing to act on (timeout, 5xx, 429, a request still in progress): ask again later. */
  | { readonly kind: 'no_answer'; readonly reason: string };

export interface RazorpayxClient {
  createPayout(order: Order): Promise<RazorpayxAnswer>;
  fetchPayout(providerPayoutId: string): Promise<RazorpayxAnswer>;
}

/** The payee's name as RazorpayX's contact takes it; empty when nothing of it can be written. */
export function payeeName(order: Order): string {
  return cleanBankText(order.to_name, 50);
}

/** The create request's body: a function of the order alone, so a retry sends the same bytes. */
export function createPayoutBody(order: Order, accountNumber: string): string {
  const name = payeeName(order);
  return JSON.stringify({
    account_number: accountNumber,
    amount: order.amount,
    currency: 'INR',
    mode: 'IMPS',
    purpose: 'payout',
    fund_account: {
      account_type: 'bank_account',
      bank_account: { name, ifsc: order.to_bank_name, account_number: order.to_account },
      contact: { name, type: 'customer', reference_id: order.merchant_uid },
    },
    queue_if_low_balance: true,
    reference_id: order.payment_uid,
    narration: cleanBankText(`Payout ${order.merchant_order_id}`, 30),
    notes: { merchant_uid: order.merchant_uid, merchant_order_id: order.merchant_order_id },
  });
}

export function razorpayxClient(
  config: RazorpayxConfig,
  options: Omit<ProviderRequestOptions, 'timeoutMs'> & { readonly timeoutMs?: number },
): RazorpayxClient {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const requestOptions = { ...options, timeoutMs: options.timeoutMs ?? 10_000 };
  const read = async (answer: Awaited<ReturnType<typeof providerRequest>>): Promise<RazorpayxAnswer> => {
    if (answer.kind === 'no_answer') return answer;
    const { status, json } = answer;
    if (status >= 200 && status < 300) {
      const parsed = RazorpayxPayoutSchema.safeParse(json);
      return parsed.success
        ? { kind: 'payout', payout: parsed.data }
        : { kind: 'no_answer', reason: `HTTP ${status}: not a payout` };
    }
    const description = errorDescription(json);
    if (status === 409 || status === 429 || status >= 500)
      return { kind: 'no_answer', reason: `HTTP ${status}: ${description}` };
    return { kind: 'refused', reason: `HTTP ${status}: ${description}` };
  };
  return {
    async createPayout(order) {
      return read(
        await providerRequest(
          {
            method: 'POST',
            url: `${config.apiUrl}/v1/payouts`,
            headers: { authorization, 'x-payout-idempotency': order.payment_uid },
            body: createPayoutBody(order, config.accountNumber),
          },
          requestOptions,
        ),
      );
    },
    async fetchPayout(providerPayoutId) {
      return read(
        await providerRequest(
          {
            method: 'GET',
            url: `${config.apiUrl}/v1/payouts/${encodeURIComponent(providerPayoutId)}`,
            headers: { authorization },
          },
          requestOptions,
        ),
      );
    },
  };
}

/** RazorpayX's error body: `{"error":{"code":"BAD_REQUEST_ERROR","description":"..."}}`. */
function errorDescription(json: unknown): string {
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const error = (json as { error: unknown }).error;
    if (typeof error === 'object' && error !== null && 'description' in error) {
      const text = String((error as { description: unknown }).description);
      return text.slice(0, 300);
    }
  }
  return 'no error description';
}
