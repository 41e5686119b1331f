/** Creating orders as a merchant does, and claiming a UTR as the payer's page does, over HTTP. */
import { expect } from 'vitest';
import { newOrderId, type OrderQuery } from './merchant-client.js';
import { sleep } from './service-process.js';
import type { Stack } from './stack.js';

export interface NewCollection {
  readonly merchantOrderId: string;
  readonly paymentUid: string;
  readonly paymentUrl: string;
  readonly extra: string;
  readonly redirectUrl: string;
}

export async function createCollection(
  stack: Stack,
  options: { amount: string; payterm?: 'UPI' | 'IMPS'; prefix?: string },
): Promise<NewCollection> {
  const merchantOrderId = newOrderId(options.prefix ?? 'E2E');
  const redirectUrl = stack.site.returnUrl(merchantOrderId);
  const answer = await stack.merchant.createOrder({
    transaction_type: 'income',
    amount: options.amount,
    payterm: options.payterm ?? 'UPI',
    accounting_type: 'receive',
    merchant_order_id: merchantOrderId,
    redirect_url: redirectUrl,
    notify_url: stack.site.notifyUrl,
    // A field the service does not know is signed and otherwise ignored (docs/decisions/0002-open-points.md, Every field is signed).
    order_uid: `shop-${merchantOrderId}`,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.result).toBe('success');
  const { payment, payment_url: paymentUrl } = answer.body.data;
  expect(payment.payment_status).toBe('pending');
  return { merchantOrderId, paymentUid: payment.payment_uid, paymentUrl, extra: payment.extra, redirectUrl };
}

/** The payer's UTR claim, as the page posts it (form-encoded). */
export async function claimUtr(
  baseUrl: string,
  paymentUid: string,
  utr: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/Payments/india_match`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_uid: paymentUid, serial_number: utr }).toString(),
  });
  return { status: response.status, body: await response.json() };
}

/** Queries the order until `done` holds (callback acknowledgement is recorded asynchronously). */
export async function queryUntil(
  stack: Stack,
  merchantOrderId: string,
  done: (order: OrderQuery) => boolean,
  timeoutMs = 30_000,
): Promise<OrderQuery> {
  const deadline = Date.now() + timeoutMs;
  let order = await stack.merchant.queryOrder(merchantOrderId);
  while (!done(order) && Date.now() < deadline) {
    await sleep(200);
    order = await stack.merchant.queryOrder(merchantOrderId);
  }
  return order;
}
