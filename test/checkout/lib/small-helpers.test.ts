import { describe, expect, it } from 'vitest';
import { brandColor } from '../../../src/checkout/lib/brand-color.js';
import { detectPlatform } from '../../../src/checkout/lib/detect-platform.js';
import { embedTargets } from '../../../src/checkout/lib/embed-targets.js';
import { acceptsUtr, orderView, redirectsByItself } from '../../../src/checkout/lib/order-view.js';
import { paymentUidFromPath } from '../../../src/checkout/lib/payment-uid-from-path.js';
import { safeRedirectUrl } from '../../../src/checkout/lib/safe-redirect.js';
import { loadUtrDraft, saveUtrDraft } from '../../../src/checkout/lib/utr-draft-store.js';
import type { PayerOrder } from '../../../src/shared/payer-order.js';
import { sampleOrder } from '../support/sample-order.js';

describe('safeRedirectUrl', () => {
  it('follows only absolute http and https addresses', () => {
    expect(safeRedirectUrl('https://shop.example/back?x=1')).toBe('https://shop.example/back?x=1');
    expect(safeRedirectUrl('http://shop.example/')).toBe('http://shop.example/');
    expect(safeRedirectUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirectUrl('data:text/html,hi')).toBeUndefined();
    expect(safeRedirectUrl('/relative')).toBeUndefined();
    expect(safeRedirectUrl(null)).toBeUndefined();
  });
});

describe('detectPlatform', () => {
  it('tells Android, iOS (also iPadOS posing as a Mac) and desktops apart', () => {
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 13; SM-A145F) Chrome/120 Mobile')).toBe('android');
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('desktop');
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('desktop');
  });
});

describe('brandColor', () => {
  it('accepts only #rrggbb dark enough for white text', () => {
    expect(brandColor('#AA3300')).toBe('#AA3300');
    expect(brandColor('#ffee00')).toBeUndefined();
    expect(brandColor('#777777')).toBeUndefined();
    expect(brandColor('red; background:url(x)')).toBeUndefined();
    expect(brandColor(null)).toBeUndefined();
  });
});

describe('embedTargets', () => {
  it('keeps only real http(s) origins, never a wildcard', () => {
    expect(
      embedTargets([
        'https://game.example',
        '*',
        'https://x.example/path',
        'javascript:1',
        'http://a.test:8080',
      ]),
    ).toEqual(['https://game.example', 'http://a.test:8080']);
  });
});

describe('orderView', () => {
  it('maps statuses to screens', () => {
    const view = (overrides: Partial<PayerOrder>) => orderView(sampleOrder(overrides), false);
    expect(view({ payment_status: 'pending' })).toBe('pay');
    expect(view({ payment_status: 'processing' })).toBe('verifying');
    expect(view({ payment_status: 'completed' })).toBe('success');
    expect(view({ payment_status: 'reject' })).toBe('rejected');
    expect(view({ payment_status: 'failed' })).toBe('failed');
    expect(view({ payment_status: 'overdue' })).toBe('expired');
    expect(view({ payment_status: 'refund' })).toBe('refunded');
    expect(view({ transaction_type: 'expense' })).toBe('payout');
  });

  it('shows a pending order as expired once its time is up', () => {
    expect(orderView(sampleOrder(), true)).toBe('expired');
  });

  it('offers a (late) UTR on pay, expired and failed screens and redirects from final ones', () => {
    expect(acceptsUtr('expired')).toBe(true);
    expect(acceptsUtr('success')).toBe(false);
    expect(redirectsByItself('success')).toBe(true);
    for (const view of ['rejected', 'failed', 'refunded', 'expired'] as const) {
      expect(redirectsByItself(view)).toBe(false);
    }
  });
});

describe('paymentUidFromPath', () => {
  it('reads the uid from /checkout/{uid}', () => {
    expect(paymentUidFromPath('/checkout/pay_123')).toBe('pay_123');
    expect(paymentUidFromPath('/checkout/pay%20x/')).toBe('pay x');
    expect(paymentUidFromPath('/elsewhere')).toBe('');
  });
});

describe('UTR draft store', () => {
  it('keeps a draft per order and forgets it when emptied', () => {
    const storage = window.localStorage;
    saveUtrDraft(storage, 'a', '4123');
    expect(loadUtrDraft(storage, 'a')).toBe('4123');
    expect(loadUtrDraft(storage, 'b')).toBe('');
    saveUtrDraft(storage, 'a', '');
    expect(loadUtrDraft(storage, 'a')).toBe('');
  });

  it('survives storage that throws or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(loadUtrDraft(broken, 'a')).toBe('');
    expect(() => saveUtrDraft(broken, 'a', '1')).not.toThrow();
    expect(loadUtrDraft(undefined, 'a')).toBe('');
  });
});
