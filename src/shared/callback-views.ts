/**
 * What the operator API answers about an order's callbacks: its outbox rows (one per status change
 * to report, and each resend) and every delivery attempt. Written with `zod/mini`, as
 * console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';
import { deliveryFields, recordTimeFields } from './view-fields.js';

/** One callback to deliver: the status change it reports and where its delivery stands. */
export const OutboxEntrySchema = z.object({
  id: z.number(),
  payment_uid: z.string(),
  status_seq: z.number(),
  payment_status: z.string(),
  state: z.enum(['pending', 'done', 'failed', 'superseded', 'skipped']),
  attempts: z.number(),
  next_attempt_at: z.string(),
  locked_by: z.nullable(z.string()).check(z.describe('The worker making an attempt now')),
  locked_until: z.nullable(z.string()),
  last_error: z.string(),
  ...recordTimeFields,
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** GET /operator/api/callbacks: recent rows, with the order they report on. */
export const RecentCallbacksSchema = z.array(
  z.extend(OutboxEntrySchema, { merchant_uid: z.string(), merchant_order_id: z.string() }),
);

/** One attempt to deliver a callback: what came back and how long it took. */
export const CallbackAttemptSchema = z.object({
  id: z.number(),
  outbox_id: z.number(),
  payment_uid: z.string(),
  attempt: z.number(),
  payment_status: z.string(),
  started_at: z.string(),
  ...deliveryFields,
  worker: z.string(),
});

/** GET /operator/api/orders/{payment_uid}/callbacks. */
export const OrderCallbacksSchema = z.object({
  payment_uid: z.string(),
  notify_url: z.string(),
  notify_status: z.string(),
  notify_fail_reason: z.string(),
  outbox: z.array(OutboxEntrySchema),
  attempts: z.array(CallbackAttemptSchema),
});
