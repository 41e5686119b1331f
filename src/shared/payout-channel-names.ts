/**
 * The payout channels a merchant can be given (`payout_channel`): the sandbox bank, bank
 * bulk-upload files confirmed by statements, and RazorpayX Payouts (docs/payouts.md).
 */
export const PAYOUT_CHANNEL_NAMES = ['sandbox', 'bank_file', 'razorpayx'] as const;
export type PayoutChannelName = (typeof PAYOUT_CHANNEL_NAMES)[number];
