import type { AttentionCounts, AttentionItem, AttentionKind } from '../../shared/attention-views.js';

/** Each kind of the Needs attention queue as the console names it, in the order it lists them. */
export const ATTENTION_LABELS: Readonly<Record<AttentionKind, string>> = {
  conflict_credit: 'Conflicting credits',
  frozen_credit: 'Frozen credits',
  contested_claim: 'Contested claims',
  conflict_text: 'Conflicting texts',
  unparsed_text: 'Unparsed texts',
  suspect_text: 'Suspect texts',
  claim_limit: 'Payers at the UTR limit',
  claim_without_credit: 'Claims with no credit',
  failing_callback: 'Failing callbacks',
  payout_no_debit: 'Payouts with no debit',
  payout_reversed: 'Reversed payouts',
  silent_source: 'Silent credit sources',
  approval: 'Approvals waiting',
};

export const ATTENTION_ORDER = Object.keys(ATTENTION_LABELS) as AttentionKind[];

export function isAttentionKind(text: string): text is AttentionKind {
  return (ATTENTION_ORDER as string[]).includes(text);
}

/** Every case waiting, all kinds together. */
export function attentionTotal(counts: AttentionCounts): number {
  return ATTENTION_ORDER.reduce((total, kind) => total + (counts[kind] ?? 0), 0);
}

/** A text that gave no credit can be put aside with a note. */
export function isDismissable(item: AttentionItem): boolean {
  return item.text_id !== null;
}
