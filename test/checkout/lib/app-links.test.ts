import { describe, expect, it } from 'vitest';
import { buildAppLinks, upiQuery } from '../../../src/checkout/lib/app-links.js';

const EXTRA = 'upi://pay?pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY1&tn=A%2F1';

describe('app links', () => {
  it('reuses the query of extra untouched for every named app', () => {
    const query = 'pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY1&tn=A%2F1';
    expect(buildAppLinks(EXTRA)).toEqual([
      { app: 'gpay', href: `tez://upi/pay?${query}` },
      { app: 'phonepe', href: `phonepe://pay?${query}` },
      { app: 'paytm', href: `paytmmp://pay?${query}` },
      { app: 'bhim', href: `bhim://pay?${query}` },
    ]);
  });

  it('builds nothing from anything but a upi://pay URI', () => {
    expect(buildAppLinks(null)).toEqual([]);
    expect(buildAppLinks('javascript:alert(1)?x')).toEqual([]);
    expect(buildAppLinks('https://evil.example/pay?pa=x')).toEqual([]);
    expect(upiQuery('upi://pay?')).toBeUndefined();
  });
});
