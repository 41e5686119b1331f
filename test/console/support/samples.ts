import { ATTENTION_KINDS, type AttentionCounts } from '../../../src/shared/attention-views.js';
import type { MerchantDetail, OrderListRow, TodaySummary } from '../../../src/shared/console-views.js';
import type { OrderDetail } from '../../../src/shared/order-view-schemas.js';

export const sampleMerchant: MerchantDetail = {
  uid: 'M100',
  name: 'Chai Point',
  status: 'active',
  upi_vpa: 'chaipoint@okaxis',
  upi_payee_name: 'Chai Point Pvt Ltd',
  imps_account: '123456789012',
  imps_account_name: 'Chai Point Pvt Ltd',
  imps_ifsc: 'HDFC0001234',
  imps_bank_name: 'HDFC Bank',
  upi_min: '1.00',
  upi_max: '100000.00',
  imps_min: '1.00',
  imps_max: '500000.00',
  embed_origins: [],
  default_notify_url: '',
  redirect_origins: [],
  brand_color: '#0a7d5a',
  upi_mc: '',
  upi_purpose: '',
  support_contact: '',
  callback_statuses: 'all',
  payout_channel: null,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  keys: [
    {
      key: 'ak_first',
      merchant_uid: 'M100',
      status: 'active',
      created_at: '2026-03-01T10:00:00Z',
      revoked_at: null,
    },
  ],
  balance: { inr: '123456.00', inr_held: '0.00', inr_pending: '0.00', inr_frozen: '0.00' },
};

/** Every kind of the Needs attention queue at 0. */
export const NO_ATTENTION = Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind, 0])) as AttentionCounts;

export const sampleSummary: TodaySummary = {
  since: '2026-03-10T18:30:00.000Z',
  orders: [{ kind: 'income', status: 'completed', count: 1234, amount: '123456.00' }],
  credits: { received: 4, matched: 3, waiting: 2, frozen: 1 },
  failing_callbacks: [{ merchant_uid: 'M100', merchant_name: 'Chai Point', count: 3 }],
  attention: { ...NO_ATTENTION, unparsed_text: 2, conflict_text: 1 },
};

export function orderRow(n: number): OrderListRow {
  return {
    payment_uid: `pay_${n}`,
    merchant_uid: 'M100',
    merchant_name: 'Chai Point',
    merchant_order_id: `ORD-${n}`,
    kind: 'income',
    payterm: 'UPI',
    amount: '199.00',
    final_amount: '199.00',
    status: 'pending',
    payer_name: 'Asha',
    payee_name: '',
    utr: null,
    notify_status: 'none',
    created_at: '2026-03-10T20:00:00Z',
    claimed_utrs: [],
    credit_payer_name: '',
  };
}

/** An order as GET /operator/api/orders/{payment_uid} answers it: a paid collection. */
export function sampleOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    from: '',
    from_name: 'Asha Rao',
    from_bank_name: 'UPI',
    to: 'chaipoint@okaxis',
    to_name: 'Chai Point Pvt Ltd',
    to_bank_name: 'UPI',
    amount: '199.00',
    final_amount: '199.00',
    currency: 'INR',
    country: 'India',
    transaction_type: 'income',
    accounting_type: 'receive',
    merchant_order_id: 'ORD-1',
    merchant_uid: 'M100',
    merchant_name: 'Chai Point',
    channel: 'payment_india',
    payterm: 'UPI',
    payment_status: 'completed',
    payment_fail_reason: '',
    payment: 'india',
    response_type: 'json',
    ip: '10.0.0.7',
    user_agent: 'Mozilla/5.0 (Linux; Android 14)',
    distribute_rules: '',
    payment_uid: 'pay_1',
    order_uid: '',
    redirect_url: 'https://shop.example/return',
    notify_url: 'https://shop.example/notify',
    notify_status: 'failed',
    notify_fail_reason: 'HTTP 500',
    accounting_status: 'accounted',
    accounting_fail_reason: '',
    signature_key: '',
    serial_number: '612345678901',
    reversed_at: '',
    reversal_reason: '',
    extra: '',
    payment_url: 'https://pay.test/checkout/pay_1',
    expires_at: '2026-03-10T20:15:00Z',
    created_at: '2026-03-10T20:00:00Z',
    updated_at: '2026-03-10T20:02:00Z',
    history: [],
    utr_claims: [{ utr: '612345678901', claimed_at: '2026-03-10T20:01:00Z' }],
    ...overrides,
  };
}
