import type { PayerOrder } from '../../../src/shared/payer-order.js';

export const NOW = Date.parse('2030-05-01T10:00:00.000Z');

const EXTRA = 'upi://pay?pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY123456&tn=Order%20A-1001';

/**
 * A pending UPI collection order, created now, expiring in 15 minutes. Its `return_url` follows
 * its `redirect_url` and status as the service writes it (the signature is a stand-in: the page
 * never reads it), unless the overrides give one.
 */
export function sampleOrder(overrides: Partial<PayerOrder> = {}): PayerOrder {
  const order = baseOrder(overrides);
  return 'return_url' in overrides ? order : { ...order, return_url: returnUrlOf(order) };
}

function returnUrlOf(order: PayerOrder): string | null {
  if (order.redirect_url === null) return null;
  const url = new URL(order.redirect_url);
  url.searchParams.append('merchant_order_id', order.merchant_order_id);
  url.searchParams.append('payment_uid', order.payment_uid);
  url.searchParams.append('payment_status', order.payment_status);
  url.searchParams.append('signature', 'c0ffee');
  return url.href;
}

function baseOrder(overrides: Partial<PayerOrder>): PayerOrder {
  return {
    payment_uid: 'pay_123',
    merchant_order_id: 'A-1001',
    merchant: { name: 'Chai Point', brand_color: '#aa3300', support_contact: null },
    transaction_type: 'income',
    payterm: 'UPI',
    amount: '1500.00',
    final_amount: '1500.00',
    currency: 'INR',
    payment_status: 'pending',
    fail_reason: null,
    to_name: 'Chai Point Pvt Ltd',
    created_at: new Date(NOW).toISOString(),
    expires_at: new Date(NOW + 15 * 60_000).toISOString(),
    server_time: new Date(NOW).toISOString(),
    status_changed_at: new Date(NOW).toISOString(),
    extra: EXTRA,
    collection: { kind: 'upi', vpa: 'shop@okbank', payee_name: 'Chai Point Pvt Ltd' },
    redirect_url: 'https://shop.example/return?order=A-1001',
    return_url: null,
    utr: null,
    utr_attempts_left: 5,
    checking_until: null,
    payout: null,
    embed_origins: [],
    sandbox: false,
    ...overrides,
  };
}

export function impsOrder(overrides: Partial<PayerOrder> = {}): PayerOrder {
  return sampleOrder({
    payterm: 'IMPS',
    amount: '250000.00',
    final_amount: '250000.00',
    extra: null,
    collection: {
      kind: 'imps',
      account: '001234567890123',
      account_name: 'Chai Point Pvt Ltd',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    },
    ...overrides,
  });
}
