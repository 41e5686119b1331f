/** A batch of bank-file payouts of one collection account, and the row the store returns for it. */
import { z } from 'zod';
import { PAYOUT_MODES, type PayoutMode } from './bank-files/payout-file.js';

export const BATCH_STATES = ['prepared', 'approved', 'uploaded'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export interface PayoutBatch {
  readonly id: string;
  readonly seq: number;
  /** The collection account the batch is debited from. */
  readonly account: string;
  readonly ifsc: string;
  readonly mode: PayoutMode;
  readonly state: BatchState;
  readonly line_count: number;
  /** Paise. */
  readonly total: number;
  readonly prepared_by: string;
  readonly prepared_at: Date;
  readonly approved_by: string | null;
  readonly approved_at: Date | null;
  readonly uploaded_by: string | null;
  readonly uploaded_at: Date | null;
}

export const PayoutBatchRow = z.looseObject({
  id: z.string(),
  seq: z.coerce.number().int(),
  account: z.string(),
  ifsc: z.string(),
  mode: z.enum(PAYOUT_MODES),
  state: z.enum(BATCH_STATES),
  line_count: z.number().int(),
  total: z.number().int(),
  prepared_by: z.string(),
  prepared_at: z.date(),
  approved_by: z.string().nullable(),
  approved_at: z.date().nullable(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.date().nullable(),
}) satisfies z.ZodType<PayoutBatch>;
