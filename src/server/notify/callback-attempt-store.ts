/**
 * SQL for the callback attempt log: the one module that writes `callback_attempts`, a row per
 * attempt to deliver an outbox row (what was sent, what came back, how long it took).
 */
import { z } from 'zod';
import { rowsQuery, statement } from '../store/rows.js';

export interface AttemptRow {
  readonly outbox_id: number;
  readonly payment_uid: string;
  readonly attempt: number;
  readonly payment_status: string;
  readonly started_at: Date;
  readonly http_status: number | null;
  readonly latency_ms: number;
  readonly response_snippet: string;
  readonly error: string;
  readonly worker: string;
}

export const insertAttempt = statement(
  `INSERT INTO callback_attempts (outbox_id, payment_uid, attempt, payment_status, started_at, http_status,
     latency_ms, response_snippet, error, worker)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
  (attempt: AttemptRow) => [
    attempt.outbox_id,
    attempt.payment_uid,
    attempt.attempt,
    attempt.payment_status,
    attempt.started_at,
    attempt.http_status,
    attempt.latency_ms,
    attempt.response_snippet,
    attempt.error,
    attempt.worker,
  ],
);

export interface CallbackAttempt extends AttemptRow {
  readonly id: number;
}

const CallbackAttemptRow = z.looseObject({
  id: z.number().int(),
  outbox_id: z.number().int(),
  payment_uid: z.string(),
  attempt: z.number().int(),
  payment_status: z.string(),
  started_at: z.date(),
  http_status: z.number().int().nullable(),
  latency_ms: z.number(),
  response_snippet: z.string(),
  error: z.string(),
  worker: z.string(),
}) satisfies z.ZodType<CallbackAttempt>;

export const listAttemptsForOrder = rowsQuery(
  CallbackAttemptRow,
  'SELECT * FROM callback_attempts WHERE payment_uid = $1 ORDER BY id',
  (paymentUid: string) => [paymentUid],
);
