/** Named operators for the tests of dual control: each with its own bearer token. */
import { expect } from 'vitest';
import { json, type TestApp } from './test-app.js';

/** A new operator (added by root); answers its bearer token. */
export async function addOperator(t: TestApp, name: string): Promise<string> {
  const response = await t.operator('POST', '/operator/api/operators', { name });
  expect(response.status).toBe(201);
  return (await json(response)).data.token as string;
}

/** A request to the operator API with a named operator's bearer token. */
export function asOperator(
  t: TestApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return Promise.resolve(
    t.app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}
