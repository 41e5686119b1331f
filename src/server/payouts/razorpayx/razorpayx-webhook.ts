/**
 * A RazorpayX webhook, checked before anything in it is believed (docs/decisions/0024-payout-provider.md):
 * `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body under the webhook secret,
 * compared in constant time; the event must be recent (RazorpayX retries a delivery for 24 hours
 * after the event was created, so older is a replay); and each event id is taken once
 * (`X-Razorpay-Event-Id`, or the body's digest when a delivery lacks it).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { RazorpayxPayoutSchema } from './razorpayx-payout.js';

export const RazorpayxEventSchema = z.looseObject({
  entity: z.literal('event'),
  event: z.string().max(64),
  created_at: z.number().int(),
  payload: z.looseObject({ payout: z.looseObject({ entity: RazorpayxPayoutSchema }).optional() }),
});
export type RazorpayxEvent = z.infer<typeof RazorpayxEventSchema>;

/** RazorpayX retries for 24 hours; a day more covers clocks apart and a slow queue. */
export const MAX_EVENT_AGE_MS = 48 * 3600 * 1000;
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

export type WebhookCheck =
  | { readonly ok: true; readonly event: RazorpayxEvent; readonly eventId: string }
  | { readonly ok: false; readonly why: 'signature' | 'body' | 'stale'; readonly details: string };

export function signatureMatches(rawBody: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(signature.trim().toLowerCase());
  // Compared in constant time; a wrong length is compared against itself so it takes as long.
  const same = given.length === expected.length;
  return timingSafeEqual(same ? given : expected, expected) && same;
}

export function checkWebhook(
  rawBody: string,
  headers: { readonly signature: string | undefined; readonly eventId: string | undefined },
  secret: string,
  now: Date,
): WebhookCheck {
  if (!headers.signature || !signatureMatches(rawBody, headers.signature, secret))
    return { ok: false, why: 'signature', details: 'X-Razorpay-Signature: missing or not matching the body' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, why: 'body', details: 'body: not JSON' };
  }
  const parsed = RazorpayxEventSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      why: 'body',
      details: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const age = now.getTime() - parsed.data.created_at * 1000;
  if (age > MAX_EVENT_AGE_MS || age < -MAX_CLOCK_AHEAD_MS)
    return {
      ok: false,
      why: 'stale',
      details: 'created_at: the event is too old (or from the future) to be taken',
    };
  const eventId = headers.eventId?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  return { ok: true, event: parsed.data, eventId: eventId.slice(0, 100) };
}
