/**
 * One kind of case in the Needs attention queue: a small adapter over one store read, answering
 * the newest cases (up to `limit`) and how many there are in all.
 */
import type { AttentionItem, AttentionKind } from '../../../shared/attention-views.js';
import type { Config } from '../../config.js';
import type { Queryable } from '../../store/db.js';

export interface AttentionContext {
  readonly now: Date;
  readonly config: Pick<
    Config,
    'claimAttentionSeconds' | 'payoutDebitOverdueSeconds' | 'dualControl' | 'mode' | 'sourceSilenceSeconds'
  >;
  readonly limit: number;
}

export interface AttentionCases {
  readonly total: number;
  readonly items: readonly AttentionItem[];
}

export interface AttentionSource {
  readonly kind: AttentionKind;
  read(tx: Queryable, context: AttentionContext): Promise<AttentionCases>;
}

/** An item with every reference empty but those given. */
export function attentionItem(
  item: Pick<AttentionItem, 'kind' | 'reason' | 'at'> & Partial<AttentionItem>,
): AttentionItem {
  return {
    merchant_uid: null,
    payment_uid: null,
    credit_id: null,
    text_id: null,
    source_id: null,
    utr: null,
    amount: null,
    detail: '',
    ...item,
  };
}
