import type { MerchantDetail, OrderListRow, TodaySummary } from '../../../src/shared/console-views.js';

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
  brand_color: '#0a7d5a',
  upi_mc: '',
  upi_purpose: '',
  support_contact: '',
  callback_statuses: 'all',
  payout_channel: null,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  keys: [{ key: 'ak_first', status: 'active', created_at: '2026-03-01T10:00:00Z', revoked_at: null }],
  balance: { inr: '123456.00', inr_held: '0.00' },
};

export const sampleSummary: TodaySummary = {
  since: '2026-03-10T18:30:00.000Z',
  orders: [{ kind: 'income', status: 'completed', count: 1234, amount: '123456.00' }],
  credits: { received: 4, matched: 3, waiting: 2 },
  failing_callbacks: [{ merchant_uid: 'M100', merchant_name: 'Chai Point', count: 3 }],
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
  };
}
