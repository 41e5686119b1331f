/**
 * The operators' alert webhook (ALERT_WEBHOOK_URL): a JSON event POSTed through the outbound guard
 * (deliver-callback.ts: the address checked and pinned, no redirects, a total timeout), signed with
 * ALERT_WEBHOOK_SECRET as `X-Alert-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * beside `X-Alert-Timestamp` (Unix seconds), so a receiver can check it and refuse replays. Any 2xx
 * answer counts as delivered. Best effort: a failure is logged, never retried (the source stays
 * listed in Needs attention and in the gauge).
 */
import { createHmac } from 'node:crypto';
import type { Logger } from '../log.js';
import { type DeliverCallback, deliverCallback } from './deliver-callback.js';
import type { Resolver } from './outbound-guard.js';

export interface AlertWebhookConfig {
  readonly url: string;
  readonly secret: string;
  readonly allowPrivate: boolean;
  readonly resolve?: Resolver | undefined;
  readonly timeoutMs?: number;
}

export type SendAlert = (event: string, fields: Record<string, unknown>, at: Date) => Promise<boolean>;

export function alertSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function alertWebhook(
  config: AlertWebhookConfig,
  log: Logger,
  deliver: DeliverCallback = deliverCallback,
): SendAlert {
  return async (event, fields, at) => {
    const body = JSON.stringify({ event, at: at.toISOString(), ...fields });
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const outcome = await deliver(
      {
        url: config.url,
        body,
        headers: {
          'Content-Type': 'application/json',
          'X-Alert-Timestamp': timestamp,
          'X-Alert-Signature': alertSignature(config.secret, timestamp, body),
        },
      },
      { timeoutMs: config.timeoutMs ?? 10_000, allowPrivate: config.allowPrivate, resolve: config.resolve },
    );
    const delivered = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
    if (!delivered) log.warn('alert webhook not delivered', { event, error: outcome.error });
    return delivered;
  };
}
