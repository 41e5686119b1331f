/** Batches, their lines and the payouts needing attention as the operator API answers them (shared/payout-views.ts). */
import { formatAmount } from '../../shared/money.js';
import type { PayoutAttention, PayoutBatchLine, PayoutBatchView } from '../../shared/payout-views.js';
import type { PayoutOrder } from '../channel/payout-store.js';
import { PAYOUT_FILE_LAYOUTS } from './bank-files/payout-file-layouts.js';
import type { PayoutBatch } from './payout-batch.js';

export function batchView(batch: PayoutBatch): PayoutBatchView {
  return {
    batch_id: batch.id,
    account: batch.account,
    ifsc: batch.ifsc,
    mode: batch.mode,
    state: batch.state,
    line_count: batch.line_count,
    total: formatAmount(batch.total),
    prepared_by: batch.prepared_by,
    prepared_at: batch.prepared_at.toISOString(),
    approved_by: batch.approved_by,
    approved_at: batch.approved_at?.toISOString() ?? null,
    uploaded_by: batch.uploaded_by,
    uploaded_at: batch.uploaded_at?.toISOString() ?? null,
  };
}

export function lineView(line: PayoutOrder): PayoutBatchLine {
  return {
    line: line.payout.batch_line ?? 0,
    reference: line.payout.reference,
    payment_uid: line.payment_uid,
    merchant_uid: line.merchant_uid,
    merchant_order_id: line.merchant_order_id,
    beneficiary_account: line.to_account,
    ifsc: line.to_bank_name,
    beneficiary_name: line.to_name,
    amount: formatAmount(line.amount),
    payment_status: line.payment_status,
    payment_fail_reason: line.payment_fail_reason,
    utr: line.matched_utr ?? '',
    reversed_at: line.reversed_at?.toISOString() ?? null,
  };
}

export function layoutsView() {
  return PAYOUT_FILE_LAYOUTS.map((layout) => ({
    name: layout.name,
    title: layout.title,
    options: { ...layout.options },
  }));
}

export function attentionView(payout: PayoutOrder): PayoutAttention {
  const reversed = payout.reversed_at !== null;
  return {
    payment_uid: payout.payment_uid,
    merchant_uid: payout.merchant_uid,
    merchant_order_id: payout.merchant_order_id,
    channel: payout.payout.channel,
    reference: payout.payout.reference,
    batch_id: payout.payout.batch_id,
    amount: formatAmount(payout.amount),
    payment_status: payout.payment_status,
    reason: reversed ? 'reversed' : 'no_debit',
    since: (payout.reversed_at ?? payout.status_changed_at).toISOString(),
    detail: reversed
      ? payout.reversal_reason
      : 'uploaded, and no debit line with its reference on an imported statement yet',
  };
}
