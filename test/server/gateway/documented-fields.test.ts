/**
 * docs/merchant-api.md lists the fields of the creation answer's payment object, of the query
 * answer, of the balance answer and of the callback body, and the error codes with their HTTP
 * statuses. These tests compare each list with what the service really answers, so that the
 * reference cannot drift from the code: a field added or removed on one side fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../../src/server/orders/order-store.js';
import { callbackFields } from '../../../src/server/orders/order-views.js';
import { ERROR_CODES, ERROR_STATUS } from '../../../src/shared/error-codes.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/merchant-api.md'), 'utf8');

/** The Markdown table that follows `marker` in the reference, as rows of cells. */
function tableAfter(marker: string): string[][] {
  const start = doc.indexOf(marker);
  expect(start, `docs/merchant-api.md has no "${marker}"`).toBeGreaterThanOrEqual(0);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The backticked names in a table's first column (a cell may name several fields). */
function documentedNames(marker: string): string[] {
  return tableAfter(marker)
    .flatMap(([cell]) => [...(cell ?? '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? ''))
    .sort();
}

const sorted = (object: object) => Object.keys(object).sort();

/** Error codes only the operator API answers: not part of the merchant reference. */
const OPERATOR_ONLY = [
  'invalid_transition',
  'no_notify_url',
  'name_taken',
  'same_operator',
  'account_in_use',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the field lists of docs/merchant-api.md', () => {
  it('name every field of the payment object in the creation answer, and no other', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    const { data } = await json(await t.signed('/gateway/api/order/new', body));
    expect(sorted(data)).toEqual(['payment', 'payment_url', 'payterm']);
    expect(documentedNames('read one or the other. Its fields:')).toEqual(sorted(data.payment));
  });

  it('name every field of the query answer, and no other', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    await t.signed('/gateway/api/order/new', body);
    const { data } = await json(
      await t.signed('/gateway/api/order/get', { merchant_order_id: body.merchant_order_id }),
    );
    expect(documentedNames('The answer, HTTP 200, carries every field of the order')).toEqual(sorted(data));
  });

  it('show every field of the balance answer, and no other', async () => {
    const { data } = await json(
      await t.signed('/gateway/api/ledger/get_merchant_ledger', { merchant_uid: t.merchant.merchant_uid }),
    );
    const example = /## Balance[\s\S]*?```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '{}';
    expect(sorted(JSON.parse(example).data)).toEqual(sorted(data));
  });

  it('name every field of the payer view, and no other', async () => {
    const { data: created } = await json(
      await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid)),
    );
    const { data } = await json(await t.app.request(`/checkout/api/orders/${created.payment.payment_uid}`));
    expect(documentedNames('If-None-Match` an unchanged order answers')).toEqual(sorted(data));
  });

  it('name every field a callback body can carry, and no other', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    const { data } = await json(await t.signed('/gateway/api/order/new', body));
    const order = await findOrder(t.db, data.payment.payment_uid);
    if (!order) throw new Error('order not stored');
    // Every text field filled in, so that no field is left out for being empty.
    const filled = Object.fromEntries(
      Object.entries(order).map(([name, value]) => [
        name,
        value === null && name.endsWith('_at') ? t.clock.now() : value === '' || value === null ? 'x' : value,
      ]),
    ) as typeof order;
    const fields = callbackFields(filled, 'Chai Point', t.clock.now());
    const paragraph = /\nThe fields: ([\s\S]*?); any that are empty are left out/.exec(doc)?.[1] ?? '';
    const named = [...paragraph.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]).sort();
    expect(named).toEqual(sorted(fields));
  });
});

describe('the error table of docs/merchant-api.md', () => {
  const rows = tableAfter('`X-Request-Id` header. Errors of the merchant and payer endpoints:').flatMap(
    ([status, code]) => {
      const name = /^`([a-z_]+)`$/.exec(code ?? '')?.[1];
      return name ? [{ status: Number(status), code: name }] : [];
    },
  );

  it('lists every error code but the operator API’s own, once', () => {
    const codes = rows.map((row) => row.code).sort();
    const expected = Object.values(ERROR_CODES)
      .filter((code) => !OPERATOR_ONLY.includes(code))
      .sort();
    expect(codes).toEqual(expected);
  });

  it('gives each code the HTTP status of the service’s table of codes', () => {
    for (const { code, status } of rows) {
      expect(status, code).toBe(ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
    }
  });

  it('agrees with real refusals on the wire', async () => {
    // One real refusal per kind of answer checks the table against the wire, beyond the code.
    const refusals: Record<string, Response> = {
      bad_signature: await t.signed(
        '/gateway/api/order/get',
        { merchant_order_id: 'x' },
        { headers: { 'OC-Signature': '' } },
      ),
      unauthorized: await t.signed('/gateway/api/order/get', { merchant_order_id: 'x' }, { signature: 'ab' }),
      not_found: await t.signed('/gateway/api/order/get', { merchant_order_id: 'no-such-order' }),
      invalid_field: await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, { amount: '1.001' }),
      ),
      amount_out_of_range: await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, { amount: '0.50' }),
      ),
    };
    for (const [code, response] of Object.entries(refusals)) {
      const documented = rows.find((row) => row.code === code);
      expect(documented, code).toBeDefined();
      expect(response.status, code).toBe(documented?.status);
      expect((await json(response)).data.error).toBe(code);
    }
  });
});
