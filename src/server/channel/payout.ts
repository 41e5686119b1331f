/** A payout's row beside its order: the channel that carries it and what the bank or provider said. */
import { z } from 'zod';
import { PAYOUT_CHANNEL_NAMES, type PayoutChannelName } from '../../shared/payout-channel-names.js';

export interface Payout {
  readonly payment_uid: string;
  readonly channel: PayoutChannelName;
  /** Our reference for the bank: PO and 13 upper-case hex characters. */
  readonly reference: string;
  /** The collection account the payout is debited from (bank files). */
  readonly debit_account: string;
  readonly debit_ifsc: string;
  readonly batch_id: string | null;
  readonly batch_line: number | null;
  readonly provider_payout_id: string | null;
  readonly provider_status: string;
  readonly polled_at: Date | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export const PayoutRow = z.looseObject({
  payment_uid: z.string(),
  channel: z.enum(PAYOUT_CHANNEL_NAMES),
  reference: z.string(),
  debit_account: z.string(),
  debit_ifsc: z.string(),
  batch_id: z.string().nullable(),
  batch_line: z.number().int().nullable(),
  provider_payout_id: z.string().nullable(),
  provider_status: z.string(),
  polled_at: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
}) satisfies z.ZodType<Payout>;

/**
 * Our bank reference of a payout: PO and the last 13 hex digits of its payment_uid, which are
 * random (a time-ordered payment_uid begins with its creation time, the same for the payouts
 * created in one millisecond).
 */
export function payoutReference(paymentUid: string): string {
  return `PO${paymentUid.replaceAll('-', '').slice(-13).toUpperCase()}`;
}

/** Our reference as it appears in a bank's narration or reference column. */
const REFERENCE_IN_TEXT = /(?:^|[^A-Z0-9])(PO[0-9A-F]{13})(?![A-Z0-9])/i;

/** Our payout reference in a statement line's text, upper-cased; undefined when none. */
export function findPayoutReference(text: string): string | undefined {
  return REFERENCE_IN_TEXT.exec(text)?.[1]?.toUpperCase();
}
