import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/errors.js';
import { renderError, success } from '../../../src/server/http/envelope.js';
import { ERROR_CODES, ERROR_STATUS } from '../../../src/shared/error-codes.js';

function appThrowing(error: unknown): Hono {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError((thrown, c) => renderError(c, thrown));
  return app;
}

describe('the error and success envelopes', () => {
  it('gives every error code exactly one HTTP status from the one table', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(Object.values(ERROR_CODES).sort());
    for (const code of Object.values(ERROR_CODES)) {
      expect(new AppError(code, 'x').status).toBe(ERROR_STATUS[code]);
    }
  });

  it('renders an AppError with its code, details, table status and headers, and keeps its cause', async () => {
    const cause = new Error('bucket empty');
    const error = new AppError(ERROR_CODES.rateLimited, 'too many', {
      headers: { 'Retry-After': '3' },
      cause,
    });
    expect(error.cause).toBe(cause);
    const res = await appThrowing(error).request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({
      result: 'error',
      data: { error: 'rate_limited', details: 'too many', request_id: '' },
    });
  });

  it('renders any other error as a 500 that says nothing of it', async () => {
    const res = await appThrowing(new Error('secret detail')).request('/');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret detail');
    expect(JSON.parse(body)).toMatchObject({ result: 'error', data: { error: 'internal_error' } });
  });

  it('wraps data in the success envelope with the status given', async () => {
    const app = new Hono();
    app.get('/', (c) => success(c, { id: 1 }, 201));
    const res = await app.request('/');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ result: 'success', data: { id: 1 } });
  });
});
