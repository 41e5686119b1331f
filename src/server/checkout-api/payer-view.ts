/**
 * The payer-safe view of an order (docs/decisions/0002-open-points.md, Payer-facing API): only what the checkout page needs. It never
 * carries notify_url, signature_key, IP addresses, user agents or anything secret.
 */
import { formatAmount } from '../../shared/money.js';
import type { CollectionAccount, PayerFailReason, PayerOrder } from '../../shared/payer-order.js';
import { PAYER_REASON_CODES, type PayerReasonCode } from '../../shared/payer-reason.js';
import { MAX_UTRS_PER_ORDER } from '../credits/matching/claim-utr.js';
import { isHttpUrl } from '../gateway/order-request.js';
import type { Merchant } from '../merchants/merchant.js';
import type { Order } from '../orders/order.js';

export interface PayerViewInput {
  readonly order: Order;
  readonly merchant: Merchant;
  readonly claims: readonly { readonly utr: string }[];
  readonly sandbox: boolean;
  readonly now: Date;
}

export function payerView({ order, merchant, claims, sandbox, now }: PayerViewInput): PayerOrder {
  return {
    payment_uid: order.payment_uid,
    merchant_order_id: order.merchant_order_id,
    merchant: {
      name: merchant.name,
      brand_color: merchant.brand_color,
      support_contact: merchant.support_contact === '' ? null : merchant.support_contact,
    },
    transaction_type: order.transaction_type,
    payterm: order.payterm,
    amount: formatAmount(order.amount),
    final_amount: formatAmount(order.final_amount),
    currency: order.currency.toUpperCase(),
    payment_status: order.payment_status,
    fail_reason: payerReason(order),
    to_name: order.transaction_type === 'income' ? order.to_name : '',
    created_at: order.created_at.toISOString(),
    expires_at: order.expires_at?.toISOString() ?? null,
    server_time: now.toISOString(),
    status_changed_at: order.status_changed_at.toISOString(),
    extra: order.extra === '' ? null : order.extra,
    collection: collectionOf(order, merchant),
    redirect_url: isHttpUrl(order.redirect_url) ? order.redirect_url : null,
    utr: order.matched_utr ?? claims.at(-1)?.utr ?? null,
    utr_attempts_left: Math.max(0, MAX_UTRS_PER_ORDER - claims.length),
    embed_origins: [...merchant.embed_origins],
    sandbox,
  };
}

function collectionOf(order: Order, merchant: Merchant): CollectionAccount | null {
  if (order.transaction_type !== 'income') return null;
  if (order.payterm === 'UPI') return { kind: 'upi', vpa: order.to_account, payee_name: order.to_name };
  return {
    kind: 'imps',
    account: order.to_account,
    account_name: order.to_name,
    ifsc: order.to_bank_name,
    bank_name: merchant.imps_bank_name || order.to_bank_name.slice(0, 4),
  };
}

/**
 * The payer-facing reason of a rejected, failed or refunded order (payer-reason.ts). A reject whose
 * credit differs from the order's amount is always an amount mismatch, with both amounts.
 */
export function payerReason(order: Order): PayerFailReason | null {
  const reason = (code: PayerReasonCode, params: Record<string, string> = {}) => ({ code, params });
  switch (order.payment_status) {
    case 'reject':
      if (order.final_amount !== order.amount) {
        return reason('amount_mismatch', {
          expected: formatAmount(order.amount),
          received: formatAmount(order.final_amount),
        });
      }
      return reason(knownCode(order.fail_code) ?? 'operator_rejected');
    case 'failed':
      return reason(
        knownCode(order.fail_code) ??
          (order.transaction_type === 'income' ? 'payment_failed' : 'payout_failed'),
      );
    case 'refund':
      return reason('refunded');
    default:
      return null;
  }
}

function knownCode(code: string): PayerReasonCode | undefined {
  return (PAYER_REASON_CODES as readonly string[]).includes(code) ? (code as PayerReasonCode) : undefined;
}
