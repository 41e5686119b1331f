/**
 * The callback outbox. A row is written in the same transaction as the status change it reports
 * (`enqueueCallback`, outbox-store.ts), so a change and its callback are committed together or
 * not at all. The store announces every
 * row on OUTBOX_CHANNEL (a trigger, migration 4): the dispatchers of every process hear it at
 * commit, so no caller has to remember to wake them.
 */
import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../shared/order-status.js';

export const OUTBOX_CHANNEL = 'outbox_due';

export const OUTBOX_STATES = ['pending', 'done', 'failed', 'superseded', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** One callback to deliver: the status change it reports and where its delivery stands. */
export interface OutboxRow {
  readonly id: number;
  readonly payment_uid: string;
  readonly status_seq: number;
  readonly payment_status: Exclude<PaymentStatus, 'none'>;
  readonly state: OutboxState;
  readonly attempts: number;
  readonly next_attempt_at: Date;
  /** The worker holding the lease while it makes an attempt. */
  readonly locked_by: string | null;
  readonly locked_until: Date | null;
  readonly last_error: string;
  readonly created_at: Date;
  readonly updated_at: Date;
}

/** An outbox row as the store returns it, checked at the boundary (store/rows.ts). */
export const OutboxRowSchema = z.looseObject({
  id: z.number().int(),
  payment_uid: z.string(),
  status_seq: z.number().int(),
  payment_status: z.enum(PAYMENT_STATUSES).exclude(['none']),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.date(),
  locked_by: z.string().nullable(),
  locked_until: z.date().nullable(),
  last_error: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
}) satisfies z.ZodType<OutboxRow>;
