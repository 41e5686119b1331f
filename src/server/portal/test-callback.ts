/**
 * A merchant's test callback (docs/merchant-portal.md, Callbacks): a flat JSON body marked
 * `test`, signed with the merchant's newest active key as real callbacks are (OC-Key,
 * OC-Signature), sent through the outbound guard with a callback's timeout; the outcome (status
 * code, the answer's first bytes, latency) is answered, not stored. Limited per merchant in the
 * store, so that every process counts the same tries.
 */

import type { TestCallback } from '../../shared/portal-views.js';
import { signFields } from '../../shared/signature.js';
import type { AppDeps } from '../app-deps.js';
import { listKeys, secretForKey } from '../merchants/api-key-store.js';
import type { Merchant } from '../merchants/merchant.js';
import { deliverCallback } from '../notify/deliver-callback.js';
import type { RateLimit } from '../rate-limit.js';

/** Five tests, then one a minute. */
export const TEST_CALLBACK_LIMIT: RateLimit = { burst: 5, perSecond: 1 / 60 };
const TIMEOUT_MS = 10_000;

export type TestCallbackResult =
  | { readonly kind: 'sent'; readonly outcome: TestCallback }
  | { readonly kind: 'no_key' };

export async function sendTestCallback(
  deps: AppDeps,
  merchant: Merchant,
  url: string,
): Promise<TestCallbackResult> {
  const active = (await listKeys(deps.db, merchant.uid)).filter((key) => key.status === 'active');
  const key = active.at(-1);
  const secret = key ? await secretForKey(deps.db, deps.config.secretKey, key.key) : undefined;
  if (!key || secret === undefined) return { kind: 'no_key' };
  const fields = {
    test: 'true',
    merchant_uid: merchant.uid,
    merchant_name: merchant.name,
    payment_uid: '',
    merchant_order_id: '',
    payment_status: 'test',
    sent_at: deps.clock.now().toISOString(),
  };
  const outcome = await deliverCallback(
    {
      url,
      body: JSON.stringify(fields),
      headers: { 'OC-Key': key.key, 'OC-Signature': signFields(secret, fields) },
    },
    { timeoutMs: TIMEOUT_MS, allowPrivate: deps.config.allowPrivateCallbacks },
  );
  return {
    kind: 'sent',
    outcome: {
      notify_url: url,
      acknowledged: outcome.acknowledged,
      http_status: outcome.httpStatus,
      latency_ms: outcome.latencyMs,
      response_snippet: outcome.snippet,
      error: outcome.error,
    },
  };
}
