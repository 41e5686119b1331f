/**
 * The shapes an order takes on the merchant's side: the payment object of the creation answer
 * and the query answer, and the flat callback body (docs/merchant-api.md: Create an order,
 * Query an order, Callbacks).
 * Money leaves as two-decimal strings; currency upper-case.
 */
import { formatAmount } from '../../shared/money.js';
import type { PortalOrder } from '../../shared/portal-views.js';
import type { Order } from './order.js';

export function paymentUrl(baseUrl: string, paymentUid: string): string {
  return `${baseUrl}/checkout/${paymentUid}`;
}

/** Sender and receiver as the interface names them (`from`, `to`, …). */
function accountFields(order: Order) {
  return {
    from: order.from_account,
    from_name: order.from_name,
    from_bank_name: order.from_bank_name,
    to: order.to_account,
    to_name: order.to_name,
    to_bank_name: order.to_bank_name,
  };
}

/**
 * The UTR that settled the order (`serial_number`) and a payout's reversal, as the query answer and
 * the callback carry them: empty strings where there is none.
 */
function utrAndReversalFields(order: Order) {
  return {
    serial_number: order.matched_utr ?? '',
    reversed_at: order.reversed_at?.toISOString() ?? '',
    reversal_reason: order.reversal_reason,
  };
}

export function paymentObject(order: Order, baseUrl: string) {
  return {
    order_uid: order.order_uid,
    ...accountFields(order),
    payment_status: order.payment_status,
    payment_fail_reason: order.payment_fail_reason,
    final_amount: formatAmount(order.final_amount),
    currency: order.currency.toUpperCase(),
    transaction_type: order.transaction_type,
    payment_uid: order.payment_uid,
    channel: order.channel,
    original_checkout_url: paymentUrl(baseUrl, order.payment_uid),
    extra: order.extra,
    is_merge: false,
  };
}
export type PaymentObject = ReturnType<typeof paymentObject>;

export function queryView(order: Order, merchantName: string, baseUrl: string) {
  return {
    ...accountFields(order),
    amount: formatAmount(order.amount),
    final_amount: formatAmount(order.final_amount),
    currency: order.currency.toUpperCase(),
    country: order.country,
    transaction_type: order.transaction_type,
    accounting_type: order.accounting_type,
    merchant_order_id: order.merchant_order_id,
    merchant_uid: order.merchant_uid,
    merchant_name: merchantName,
    channel: order.channel,
    payterm: order.payterm,
    payment_status: order.payment_status,
    payment_fail_reason: order.payment_fail_reason,
    payment: order.payment,
    response_type: order.response_type,
    ip: order.ip,
    user_agent: order.user_agent,
    distribute_rules: '',
    payment_uid: order.payment_uid,
    order_uid: order.order_uid,
    redirect_url: order.redirect_url,
    notify_url: order.notify_url,
    notify_status: order.notify_status,
    notify_fail_reason: order.notify_fail_reason,
    accounting_status: order.accounting_status,
    accounting_fail_reason: order.accounting_fail_reason,
    signature_key: order.signature_key,
    ...utrAndReversalFields(order),
    extra: order.extra,
    payment_url: paymentUrl(baseUrl, order.payment_uid),
    expires_at: order.expires_at?.toISOString() ?? '',
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
  };
}
export type QueryView = ReturnType<typeof queryView>;

/** An order's own fields as the lists show them (the portal's list, the console's search with its merchant). */
export function orderListFields(order: Order): PortalOrder {
  return {
    payment_uid: order.payment_uid,
    merchant_order_id: order.merchant_order_id,
    kind: order.transaction_type,
    payterm: order.payterm,
    amount: formatAmount(order.amount),
    final_amount: formatAmount(order.final_amount),
    status: order.payment_status,
    payer_name: order.from_name,
    payee_name: order.to_name,
    utr: order.matched_utr,
    notify_status: order.notify_status,
    created_at: order.created_at.toISOString(),
  };
}

/**
 * The callback body: one flat object of string values, empty ones left out so that both signing
 * conventions give the same string. No secret, IP or user agent.
 */
export function callbackFields(order: Order, merchantName: string, sentAt: Date): Record<string, string> {
  const fields: Record<string, string> = {
    merchant_order_id: order.merchant_order_id,
    merchant_uid: order.merchant_uid,
    merchant_name: merchantName,
    payment_uid: order.payment_uid,
    order_uid: order.order_uid,
    transaction_type: order.transaction_type,
    accounting_type: order.accounting_type,
    payterm: order.payterm,
    payment: order.payment,
    channel: order.channel,
    country: order.country,
    currency: order.currency.toUpperCase(),
    amount: formatAmount(order.amount),
    final_amount: formatAmount(order.final_amount),
    payment_status: order.payment_status,
    payment_fail_reason: order.payment_fail_reason,
    accounting_status: order.accounting_status,
    ...utrAndReversalFields(order),
    ...accountFields(order),
    merchant_id: order.merchant_id,
    status_seq: String(order.status_seq),
    updated_at: order.status_changed_at.toISOString(),
    notified_at: sentAt.toISOString(),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}
