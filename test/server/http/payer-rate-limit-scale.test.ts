import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYER_LIMITS,
  scalePayerLimits,
} from '../../../src/server/checkout-api/checkout-api-routes.js';
import { loadConfig } from '../../../src/server/config.js';
import { createTestApp, testConfig } from '../support/test-app.js';

describe('PAYER_RATE_LIMIT_SCALE', () => {
  it('defaults to 1 and accepts a positive number', () => {
    expect(testConfig().payerRateLimitScale).toBe(1);
    expect(testConfig({ PAYER_RATE_LIMIT_SCALE: '1000' }).payerRateLimitScale).toBe(1000);
    expect(testConfig({ PAYER_RATE_LIMIT_SCALE: '0.5' }).payerRateLimitScale).toBe(0.5);
  });

  it('refuses zero, negative and non-numeric values', () => {
    for (const value of ['0', '-1', 'lots']) {
      const result = loadConfig({ PAYER_RATE_LIMIT_SCALE: value });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.join()).toMatch(/PAYER_RATE_LIMIT_SCALE/);
    }
  });

  it('multiplies burst and refill rate of every payer limit', () => {
    expect(scalePayerLimits(DEFAULT_PAYER_LIMITS, 1)).toEqual(DEFAULT_PAYER_LIMITS);
    const scaled = scalePayerLimits(DEFAULT_PAYER_LIMITS, 100);
    expect(scaled.poll).toEqual({
      burst: DEFAULT_PAYER_LIMITS.poll.burst * 100,
      perSecond: DEFAULT_PAYER_LIMITS.poll.perSecond * 100,
    });
    expect(scaled.match).toEqual({
      burst: DEFAULT_PAYER_LIMITS.match.burst * 100,
      perSecond: DEFAULT_PAYER_LIMITS.match.perSecond * 100,
    });
    expect(scaled.simulate).toEqual({
      burst: DEFAULT_PAYER_LIMITS.simulate.burst * 100,
      perSecond: DEFAULT_PAYER_LIMITS.simulate.perSecond * 100,
    });
  });

  it('lets one client make more UTR claims in a burst when scaled, as the service wires it', async () => {
    const claims = async (scale: string) => {
      const config = testConfig({ PAYER_RATE_LIMIT_SCALE: scale });
      const t = await createTestApp({
        app: { payerLimits: scalePayerLimits(DEFAULT_PAYER_LIMITS, config.payerRateLimitScale) },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < DEFAULT_PAYER_LIMITS.match.burst * 2; i++) {
          const response = await t.app.request('/Payments/india_match', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              payment_uid: '00000000-0000-4000-8000-000000000000',
              serial_number: '612345678901',
            }),
          });
          statuses.push(response.status);
        }
        return statuses;
      } finally {
        await t.close();
      }
    };
    const unscaled = await claims('1');
    expect(unscaled.filter((status) => status === 429)).toHaveLength(DEFAULT_PAYER_LIMITS.match.burst);
    const scaled = await claims('3');
    expect(scaled.every((status) => status === 404)).toBe(true);
  });
});
