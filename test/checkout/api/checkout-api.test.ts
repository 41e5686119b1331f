import { describe, expect, it, vi } from 'vitest';
import { createCheckoutApi } from '../../../src/checkout/api/checkout-api.js';
import { sampleOrder } from '../support/sample-order.js';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function apiWith(answer: (request: Request) => Response | Promise<Response>) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(request);
    return answer(request);
  });
  return {
    api: createCheckoutApi({ baseUrl: 'https://pay.example', fetch: fetch as typeof globalThis.fetch }),
    calls,
  };
}

const errorBody = (error: string) => ({ result: 'error', data: { error, details: 'x' } });

describe('checkout API module', () => {
  it('reads an order, validates it, and keeps its ETag', async () => {
    const order = sampleOrder();
    const { api, calls } = apiWith(() => json(200, { result: 'success', data: order }, { ETag: '"v1"' }));
    expect(await api.getOrder('pay_123')).toEqual({ kind: 'ok', data: { order, etag: '"v1"' } });
    expect(calls[0]?.url).toBe('https://pay.example/checkout/api/orders/pay_123');
    expect(calls[0]?.headers.get('If-None-Match')).toBeNull();
  });

  it('sends If-None-Match and maps 304 to not-modified', async () => {
    const { api, calls } = apiWith(() => new Response(null, { status: 304 }));
    expect(await api.getOrder('pay_123', '"v1"')).toEqual({ kind: 'not-modified' });
    expect(calls[0]?.headers.get('If-None-Match')).toBe('"v1"');
  });

  it('maps 404 to not-found', async () => {
    const { api } = apiWith(() => json(404, errorBody('not_found')));
    expect(await api.getOrder('nope')).toEqual({ kind: 'not-found' });
  });

  it('treats an answer that does not match the schema, a 5xx, or no answer as offline', async () => {
    expect(
      await apiWith(() => json(200, { result: 'success', data: { payment_uid: 1 } })).api.getOrder('a'),
    ).toEqual({
      kind: 'offline',
    });
    expect(await apiWith(() => json(503, errorBody('internal_error'))).api.getOrder('a')).toEqual({
      kind: 'offline',
    });
    expect(
      await apiWith(() => {
        throw new TypeError('Failed to fetch');
      }).api.getOrder('a'),
    ).toEqual({ kind: 'offline' });
  });

  it('posts the UTR to india_match as JSON', async () => {
    const { api, calls } = apiWith(() =>
      json(200, {
        result: 'success',
        data: { payment_uid: 'pay_123', serial_number: '412345678901', payment_status: 'processing' },
      }),
    );
    const outcome = await api.submitUtr('pay_123', '412345678901');
    expect(outcome).toEqual({
      kind: 'ok',
      data: { payment_uid: 'pay_123', serial_number: '412345678901', payment_status: 'processing' },
    });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('https://pay.example/Payments/india_match');
    expect(await calls[0]?.json()).toEqual({ payment_uid: 'pay_123', serial_number: '412345678901' });
  });

  it('returns refusals with their code and Retry-After', async () => {
    const used = apiWith(() => json(409, errorBody('utr_used')));
    expect(await used.api.submitUtr('p', '412345678901')).toEqual({
      kind: 'refused',
      code: 'utr_used',
      retryAfterSeconds: undefined,
    });
    const limited = apiWith(() => json(429, errorBody('rate_limited'), { 'Retry-After': '30' }));
    expect(await limited.api.submitUtr('p', '412345678901')).toEqual({
      kind: 'refused',
      code: 'rate_limited',
      retryAfterSeconds: 30,
    });
  });

  it('carries the amount of the bank credit a mismatched UTR belongs to', async () => {
    const { api } = apiWith(() =>
      json(409, {
        result: 'error',
        data: { error: 'credit_mismatch', details: 'serial_number: …', credit_amount: '499.00' },
      }),
    );
    expect(await api.submitUtr('p', '412345678901')).toEqual({
      kind: 'refused',
      code: 'credit_mismatch',
      retryAfterSeconds: undefined,
      creditAmount: '499.00',
    });
  });

  it('asks the sandbox for a simulated payment', async () => {
    const { api, calls } = apiWith(() =>
      json(200, { result: 'success', data: { serial_number: '012345678901', amount: '1500.00' } }),
    );
    expect(await api.simulatePayment('pay_123')).toEqual({
      kind: 'ok',
      data: { serial_number: '012345678901', amount: '1500.00' },
    });
    expect(calls[0]?.url).toBe('https://pay.example/checkout/api/orders/pay_123/simulate');
    expect(calls[0]?.method).toBe('POST');
  });
});
