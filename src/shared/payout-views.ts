/**
 * What the operator API answers about payout batches and the payouts needing attention
 * (docs/payouts.md), for the console and the CLI. Written with `zod/mini`, as console-views.ts.
 * Amounts leave as two-decimal rupee strings, times as ISO 8601.
 */
import * as z from 'zod/mini';
import { laterStepFields, orderRefFields, stepFields } from './view-fields.js';

export const PayoutBatchViewSchema = z.object({
  batch_id: z.string(),
  account: z.string(),
  ifsc: z.string(),
  mode: z.enum(['IMPS', 'NEFT']),
  state: z.enum(['prepared', 'approved', 'uploaded']),
  line_count: z.number(),
  total: z.string(),
  ...stepFields('prepared'),
  ...laterStepFields('approved'),
  ...laterStepFields('uploaded'),
});
export type PayoutBatchView = z.infer<typeof PayoutBatchViewSchema>;

/** One line of a batch: the payout, where it goes, and its outcome so far. */
export const PayoutBatchLineSchema = z.object({
  line: z.number(),
  reference: z.string(),
  ...orderRefFields,
  beneficiary_account: z.string(),
  ifsc: z.string(),
  beneficiary_name: z.string(),
  amount: z.string(),
  payment_status: z.string(),
  payment_fail_reason: z.string(),
  /** The bank's UTR, once a statement's debit completed the payout. */
  utr: z.string(),
  reversed_at: z.nullable(z.string()),
});
export type PayoutBatchLine = z.infer<typeof PayoutBatchLineSchema>;

export const PayoutBatchDetailSchema = z.extend(PayoutBatchViewSchema, {
  lines: z.array(PayoutBatchLineSchema),
  /** The layouts it can be downloaded in, with the options each reads. */
  layouts: z.array(
    z.object({ name: z.string(), title: z.string(), options: z.record(z.string(), z.string()) }),
  ),
});
export type PayoutBatchDetail = z.infer<typeof PayoutBatchDetailSchema>;

/** A batch just prepared, and the waiting payouts it left out with why. */
export const PreparedPayoutBatchSchema = z.object({
  batch: PayoutBatchDetailSchema,
  skipped: z.array(z.object({ payment_uid: z.string(), reason: z.string() })),
});
export type PreparedPayoutBatch = z.infer<typeof PreparedPayoutBatchSchema>;

/** Bank-file payouts accepted and not yet in a batch, per collection account: the open batches. */
export const WaitingPayoutsSchema = z.object({
  account: z.string(),
  ifsc: z.string(),
  count: z.number(),
  total: z.string(),
  oldest_at: z.string(),
});
export type WaitingPayouts = z.infer<typeof WaitingPayoutsSchema>;

export const PayoutBatchListSchema = z.object({
  waiting: z.array(WaitingPayoutsSchema),
  batches: z.array(PayoutBatchViewSchema),
});
export type PayoutBatchList = z.infer<typeof PayoutBatchListSchema>;

/** A payout an operator should look at: sent with no debit seen in time, or reversed after completing. */
export const PayoutAttentionSchema = z.object({
  ...orderRefFields,
  channel: z.string(),
  reference: z.string(),
  batch_id: z.nullable(z.string()),
  amount: z.string(),
  payment_status: z.string(),
  reason: z.enum(['no_debit', 'reversed']),
  since: z.string(),
  detail: z.string(),
});
export type PayoutAttention = z.infer<typeof PayoutAttentionSchema>;
export const PayoutAttentionListSchema = z.array(PayoutAttentionSchema);
