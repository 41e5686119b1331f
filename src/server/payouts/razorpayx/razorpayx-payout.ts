/**
 * RazorpayX's payout entity as its API and webhooks carry it (docs/decisions/0024-payout-provider.md),
 * the fields this service reads, and what each of its statuses means for our payout.
 */
import { z } from 'zod';
import type { PayoutStep } from '../../channel/payout-channel.js';

export const RazorpayxPayoutSchema = z.looseObject({
  id: z.string().regex(/^pout_[A-Za-z0-9]{6,40}$/),
  entity: z.literal('payout').optional(),
  amount: z.number().int().positive(),
  currency: z.string().optional(),
  status: z.string(),
  utr: z.string().nullish(),
  mode: z.string().nullish(),
  reference_id: z.string().nullish(),
  failure_reason: z.string().nullish(),
  status_details: z
    .looseObject({ description: z.string().nullish(), reason: z.string().nullish() })
    .nullish(),
  created_at: z.number().int().optional(),
});
export type RazorpayxPayout = z.infer<typeof RazorpayxPayoutSchema>;

/** What the provider's status asks of our payout. */
export type ProviderOutcome =
  | { readonly kind: 'step'; readonly step: Exclude<PayoutStep, { kind: 'wait' }> }
  /** The money came back: a failure before completion, a reversal after it. */
  | { readonly kind: 'returned'; readonly reason: string }
  | { readonly kind: 'unknown' };

export function outcomeOf(payout: RazorpayxPayout): ProviderOutcome {
  const reason = `razorpayx ${payout.status}: ${payout.status_details?.description || payout.failure_reason || 'no reason given'}`;
  switch (payout.status) {
    // Accepted but not yet with the bank: waiting for funds, an approval or a schedule.
    case 'queued':
    case 'pending':
    case 'scheduled':
      return { kind: 'step', step: { kind: 'advance', to: 'preparing' } };
    case 'processing':
      return { kind: 'step', step: { kind: 'advance', to: 'processing' } };
    case 'processed':
      return { kind: 'step', step: { kind: 'advance', to: 'completed', utr: usableUtr(payout.utr) } };
    case 'rejected':
      return { kind: 'step', step: { kind: 'fail', to: 'reject', reason } };
    case 'failed':
    case 'cancelled':
      return { kind: 'step', step: { kind: 'fail', to: 'failed', reason } };
    case 'reversed':
      return { kind: 'returned', reason };
    default:
      return { kind: 'unknown' };
  }
}

/** A UTR as banks write them (12-digit RRN for IMPS, 16-22 characters for NEFT); else none. */
function usableUtr(utr: string | null | undefined): string | undefined {
  return utr && /^[A-Za-z0-9]{12,22}$/.test(utr) ? utr : undefined;
}
