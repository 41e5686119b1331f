import { cleanup } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../src/checkout/i18n/load-messages.js';
import type { PayerOrder } from '../../../src/shared/payer-order.js';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

/** Latin words a Hindi page may show: scheme and app names, codes, and the order's own data. */
const ALLOWED = new Set([
  'UPI',
  'UTR',
  'QR',
  'ID',
  'SMS',
  'IMPS',
  'IFSC',
  'Google',
  'Pay',
  'PhonePe',
  'Paytm',
  'BHIM',
]);
const DATA = ['C', 'Chai', 'Point', 'Pvt', 'Ltd', 'A', 'shop', 'okbank', 'help', 'chai', 'example'];

/** The words a payer sees: the tab title and each text node, the language picker and closed help aside. */
function latinWords(): string[] {
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('select') || parent.closest('details:not([open]) > :not(summary)'))
      continue;
    texts.push(node.textContent ?? '');
  }
  return texts
    .flatMap((text) => text.match(/[A-Za-z]+/g) ?? [])
    .filter((word) => !ALLOWED.has(word) && !DATA.includes(word));
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SCREENS: [string, Partial<PayerOrder>][] = [
  ['pay', {}],
  ['verifying', { payment_status: 'processing', utr: '012110345678', utr_attempts_left: 4 }],
  [
    'rejected',
    {
      payment_status: 'reject',
      utr: '012110345678',
      final_amount: '150.00',
      fail_reason: { code: 'amount_mismatch', params: { expected: '1500.00', received: '150.00' } },
      merchant: { name: 'Chai Point', brand_color: null, support_contact: 'help@chai.example' },
    },
  ],
  [
    'failed',
    { payment_status: 'failed', utr: '012110345678', fail_reason: { code: 'no_payment', params: {} } },
  ],
  ['refunded', { payment_status: 'refund', fail_reason: { code: 'refunded', params: {} } }],
];

describe('a Hindi page', () => {
  it.each(SCREENS)('shows no English on the %s screen, tab title included', async (_name, overrides) => {
    const messages = await loadMessages('hi');
    renderApp(new FakeApi(sampleOrder({ to_name: 'Chai Point Pvt Ltd', ...overrides })), {
      locale: 'hi',
      messages,
      platform: 'android',
    });
    await advance(0);
    expect(latinWords()).toEqual([]);
  });

  it('shows no English on the not-found page', async () => {
    renderApp(new FakeApi(undefined), { locale: 'hi', messages: await loadMessages('hi') });
    await advance(0);
    expect(document.title).toBe('भुगतान लिंक नहीं मिला');
    expect(latinWords()).toEqual([]);
  });
});
