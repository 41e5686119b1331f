/**
 * The payer-safe view of an order (docs/decisions/0002-open-points.md, Payer-facing API): only what the checkout page needs. It never
 * carries notify_url, signature_key, IP addresses, user agents or anything secret.
 */

import { isHttpUrl } from '../../shared/http-url.js';
import { formatAmount } from '../../shared/money.js';
import type {
  CollectionAccount,
  PayerFailReason,
  PayerOrder,
  PayerPayout,
} from '../../shared/payer-order.js';
import { PAYER_REASON_CODES, type PayerReasonCode } from '../../shared/payer-reason.js';
import { MAX_UTRS_PER_ORDER } from '../credits/matching/decide.js';
import type { Merchant } from '../merchants/merchant.js';
import type { Order } from '../orders/order.js';
import { maskedAccount } from './masked-account.js';
import { signedReturnUrl } from './signed-return.js';

export interface PayerViewInput {
  readonly order: Order;
  readonly merchant: Merchant;
  readonly claims: readonly { readonly utr: string }[];
  readonly sandbox: boolean;
  readonly now: Date;
  /**
   * The API secret of the key that created the order, to sign the return address; undefined when
   * the order has no redirect_url (or the key is gone: the view then has no return_url).
   */
  readonly returnSecret: string | undefined;
  /** CLAIM_GRACE_SECONDS in milliseconds: how long after expiry a claimed UTR is still checked. */
  readonly claimGraceMs: number;
}

export function payerView({
  order,
  merchant,
  claims,
  sandbox,
  now,
  returnSecret,
  claimGraceMs,
}: PayerViewInput): PayerOrder {
  const redirectUrl = isHttpUrl(order.redirect_url) ? order.redirect_url : null;
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
    redirect_url: redirectUrl,
    return_url:
      redirectUrl !== null && returnSecret !== undefined
        ? signedReturnUrl(redirectUrl, order, returnSecret)
        : null,
    utr: order.matched_utr ?? claims.at(-1)?.utr ?? null,
    utr_attempts_left: Math.max(0, MAX_UTRS_PER_ORDER - claims.length),
    checking_until: checkingUntil(order, claimGraceMs),
    payout: payoutOf(order),
    embed_origins: [...merchant.embed_origins],
    sandbox,
  };
}

/** A claimed collection fails CLAIM_GRACE_SECONDS after its expiry without a matching credit. */
function checkingUntil(order: Order, claimGraceMs: number): string | null {
  if (order.transaction_type !== 'income' || order.payment_status !== 'processing') return null;
  if (order.expires_at === null) return null;
  return new Date(order.expires_at.getTime() + claimGraceMs).toISOString();
}

function payoutOf(order: Order): PayerPayout | null {
  if (order.transaction_type !== 'expense') return null;
  return {
    bank_reference: order.matched_utr,
    account: maskedAccount(order.to_account),
    completed_at: order.payment_status === 'completed' ? order.status_changed_at.toISOString() : null,
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
