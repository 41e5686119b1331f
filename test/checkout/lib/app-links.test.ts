import { describe, expect, it } from 'vitest';
import { buildAppLinks, upiQuery } from '../../../src/checkout/lib/app-links.js';

const EXTRA = 'upi://pay?pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY1&tn=A%2F1';
const QUERY = 'pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY1&tn=A%2F1';

describe('app links', () => {
  it('on Android targets each app by its package with an intent carrying the query of extra', () => {
    const intent = (pkg: string) => `intent://pay?${QUERY}#Intent;scheme=upi;package=${pkg};end`;
    expect(buildAppLinks(EXTRA, 'android')).toEqual([
      { app: 'gpay', href: intent('com.google.android.apps.nbu.paisa.user') },
      { app: 'phonepe', href: intent('com.phonepe.app') },
      { app: 'paytm', href: intent('net.one97.paytm') },
      { app: 'bhim', href: intent('in.org.npci.upiapp') },
    ]);
  });

  it('on iOS keeps each app’s scheme with the query of extra untouched', () => {
    expect(buildAppLinks(EXTRA, 'ios')).toEqual([
      { app: 'gpay', href: `tez://upi/pay?${QUERY}` },
      { app: 'phonepe', href: `phonepe://pay?${QUERY}` },
      { app: 'paytm', href: `paytmmp://pay?${QUERY}` },
      { app: 'bhim', href: `bhim://pay?${QUERY}` },
    ]);
  });

  it('builds nothing from anything but a upi://pay URI, and nothing on desktops', () => {
    expect(buildAppLinks(null, 'android')).toEqual([]);
    expect(buildAppLinks('javascript:alert(1)?x', 'ios')).toEqual([]);
    expect(buildAppLinks('https://evil.example/pay?pa=x', 'android')).toEqual([]);
    expect(buildAppLinks(EXTRA, 'desktop')).toEqual([]);
    expect(upiQuery('upi://pay?')).toBeUndefined();
  });
});
