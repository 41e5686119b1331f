import { describe, expect, it } from 'vitest';
import { buildUpiUri } from '../../src/shared/upi-uri.js';

describe('the UPI payment URI', () => {
  it('carries pa, pn, am, cu, tr and tn in order, percent-encoded', () => {
    expect(
      buildUpiUri({ pa: 'shop@okaxis', pn: 'Chai & Co', am: '10.00', tr: 'abc123', tn: 'Order #1' }),
    ).toBe('upi://pay?pa=shop@okaxis&pn=Chai%20%26%20Co&am=10.00&cu=INR&tr=abc123&tn=Order%20%231');
  });

  it('leaves out empty values instead of sending null or empty text', () => {
    const uri = buildUpiUri({ pa: 'shop@okaxis', pn: '', am: '1.00', tr: 't1', tn: '' });
    expect(uri).toBe('upi://pay?pa=shop@okaxis&am=1.00&cu=INR&tr=t1');
    expect(uri).not.toContain('null');
  });
});
