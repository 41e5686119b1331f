/** Helpers for the credit-source tests: a source through the operator API, texts as forwarders post them. */
import { expect } from 'vitest';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { json, type TestApp } from '../support/test-app.js';

export interface Source {
  readonly source_id: string;
  readonly ingest_token?: string;
  readonly account: string;
}

export async function createSource(
  t: TestApp,
  key: IssuedKey,
  overrides: Record<string, string> = {},
): Promise<Source> {
  const response = await t.operator('POST', '/operator/api/credit-sources', {
    merchant_uid: key.merchant_uid,
    account: 'chaipoint@okaxis',
    kind: 'sms',
    name: 'Counter phone',
    ...overrides,
  });
  expect(response.status).toBe(201);
  return (await json(response)).data as Source;
}

export async function forwardSms(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<Response> {
  return t.app.request(`/ingest/sms/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** An HDFC-style credit alert for a UTR and an amount. */
export function hdfcCredit(utr: string, amount: string): string {
  return `Money Received - INR ${amount} in HDFC Bank A/c xx9012 on 15-01-26 from ravi.kumar@okicici UPI Ref No ${utr}. Avl bal: INR 1,05,000.00`;
}
