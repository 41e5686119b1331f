/**
 * Helpers for lifecycle, ledger, channel and operator tests: drive orders through the real HTTP
 * app (merchant, payer and operator endpoints) and read the store directly to check the outcome.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import type { PayerLimits } from '../../../../src/server/checkout-api/checkout-api-routes.js';
import { balanceOf } from '../../../../src/server/ledger/ledger.js';
import type { IssuedKey } from '../../../../src/server/merchants/api-key-store.js';
import type { Order } from '../../../../src/server/orders/order.js';
import { findOrder } from '../../../../src/server/orders/order-store.js';
import { queryRows } from '../../../../src/server/store/rows.js';
import {
  createTestApp,
  DEMO_MERCHANT,
  expenseBody,
  incomeBody,
  json,
  type TestApp,
} from '../../support/test-app.js';

/** Payer limits high enough that tests are never rate-limited (rate limiting has its own tests). */
export const UNLIMITED: PayerLimits = {
  poll: { burst: 1_000_000, perSecond: 1_000_000 },
  match: { burst: 1_000_000, perSecond: 1_000_000 },
  simulate: { burst: 1_000_000, perSecond: 1_000_000 },
  streams: { perOrder: 1_000, perClient: 1_000 },
};

export async function createLifecycleApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ env, app: { payerLimits: UNLIMITED } });
}

let utrCounter = 0;
const utrPrefix = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
/** A UTR no other call in this process has made: 12 digits, leading zeros possible. */
export function freshUtr(): string {
  utrCounter += 1;
  return `${utrPrefix}${String(utrCounter).padStart(8, '0')}`;
}

/** Creates a collection order through the signed merchant API and returns its payment_uid. */
export async function createIncome(
  t: TestApp,
  key: IssuedKey = t.merchant,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await t.signed('/gateway/api/order/new', incomeBody(key.merchant_uid, overrides), { key });
  expect(response.status).toBe(200);
  return (await json(response)).data.payment.payment_uid as string;
}

/** Asks for a payout; answers the raw response (it may be refused). */
export async function requestPayout(
  t: TestApp,
  key: IssuedKey,
  amount: string,
  overrides: Record<string, unknown> = {},
): Promise<Response> {
  return t.signed('/gateway/api/order/new', expenseBody(key.merchant_uid, { amount, ...overrides }), { key });
}

export async function createPayout(
  t: TestApp,
  key: IssuedKey,
  amount: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await requestPayout(t, key, amount, overrides);
  expect(response.status).toBe(200);
  return (await json(response)).data.payment.payment_uid as string;
}

/** The payer's UTR claim, form-encoded as the checkout page sends it. */
export async function claim(t: TestApp, paymentUid: string, utr: string): Promise<Response> {
  return t.app.request('/Payments/india_match', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_uid: paymentUid, serial_number: utr }).toString(),
  });
}

/**
 * A bank credit posted by the operator, paid (unless `payee` says otherwise) to the collection
 * account of the order that claimed the UTR, as a payer who paid that order's QR would have; to
 * the demo merchant's UPI address when nobody claimed it yet. A credit settles only an order of the
 * account it was paid to, and each merchant has accounts of its own.
 */
export async function credit(
  t: TestApp,
  utr: string,
  amount: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const [claimant] = await queryRows(
    t.db,
    z.object({ to_account: z.string() }),
    `SELECT o.to_account FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
     WHERE c.utr = $1 ORDER BY c.claimed_at LIMIT 1`,
    [utr.replace(/\s+/g, '')],
  );
  const payee = claimant?.to_account ?? DEMO_MERCHANT.upi_vpa;
  return t.operator('POST', '/operator/api/credits', { utr, amount, payee, ...extra });
}

export async function setStatus(
  t: TestApp,
  paymentUid: string,
  status: string,
  reason?: string,
): Promise<Response> {
  return t.operator('POST', `/operator/api/orders/${paymentUid}/status`, {
    status,
    ...(reason === undefined ? {} : { reason }),
  });
}

/** Gives the merchant available funds by a completed collection: order, claim, exact credit. */
export async function fund(t: TestApp, key: IssuedKey, amount: string): Promise<string> {
  const uid = await createIncome(t, key, { amount });
  const utr = freshUtr();
  expect((await claim(t, uid, utr)).status).toBe(200);
  expect((await credit(t, utr, amount)).status).toBe(201);
  return uid;
}

export async function orderRow(t: TestApp, paymentUid: string): Promise<Order> {
  const row = await findOrder(t.db, paymentUid);
  if (!row) throw new Error(`no order ${paymentUid}`);
  return row;
}

/** The merchant's available and held balances (pending and frozen: balanceOf). */
export async function balance(t: TestApp, key: IssuedKey): Promise<{ available: number; held: number }> {
  const { available, held } = await balanceOf(t.db, key.merchant_uid);
  return { available, held };
}

export async function count(t: TestApp, sql: string, params: readonly string[] = []): Promise<number> {
  const [row] = await queryRows(
    t.db,
    z.object({ n: z.number() }),
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return row?.n ?? 0;
}

/** The error code of an error answer. */
export async function errorCode(response: Response): Promise<string> {
  return (await json(response)).data.error as string;
}
