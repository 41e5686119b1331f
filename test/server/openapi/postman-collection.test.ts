/**
 * The Postman collection (examples/postman/) stays in step with the routes: regenerated from this
 * app's /openapi.json it is byte for byte the checked-in file (`npm run postman` rewrites it). Its
 * pre-request script signs requests the service accepts: run here with Postman's `pm` and
 * `CryptoJS` stood in for, the requests it prepares create, query and read the balance.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCollection } from '../../../scripts/postman/build-collection.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

const FILE = fileURLToPath(
  new URL('../../../examples/postman/upi-gateway.postman_collection.json', import.meta.url),
);

interface Item {
  readonly name: string;
  readonly request: {
    readonly method: string;
    readonly url: { readonly path: readonly string[] };
    readonly header: readonly { key: string; value: string }[];
    readonly body?: { readonly raw: string };
  };
}
interface Collection {
  readonly item: readonly { name: string; item: readonly Item[] }[];
  readonly event: readonly { listen: string; script: { exec: readonly string[] } }[];
  readonly variable: readonly { key: string; value: string }[];
}

let t: TestApp;
const checkedIn = JSON.parse(readFileSync(FILE, 'utf8')) as Collection;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs the collection's pre-request script on one request, as Postman would, and sends it to the app. */
async function send(item: Item, variables: Record<string, string>): Promise<Response> {
  let raw = item.request.body?.raw ?? '';
  const headers = new Map(item.request.header.map((header) => [header.key, header.value]));
  const pm = {
    request: {
      url: { getPath: () => `/${item.request.url.path.join('/')}` },
      body: {
        get raw() {
          return raw;
        },
        update: (body: { raw: string }) => {
          raw = body.raw;
        },
      },
      headers: { upsert: (header: { key: string; value: string }) => headers.set(header.key, header.value) },
    },
    variables: {
      get: (name: string) => variables[name],
      replaceIn: (text: string) =>
        text.replace(/\{\{(\$?\w+)\}\}/g, (_, name: string) =>
          name === '$timestamp' ? String(Math.floor(Date.now() / 1000)) : (variables[name] ?? ''),
        ),
    },
  };
  const CryptoJS = {
    HmacSHA256: (text: string, key: string) => ({
      toString: () => createHmac('sha256', key).update(text, 'utf8').digest('hex'),
    }),
    enc: { Hex: 'hex' },
  };
  const script = checkedIn.event.find((event) => event.listen === 'prerequest')?.script.exec.join('\n') ?? '';
  new Function('pm', 'CryptoJS', script)(pm, CryptoJS);
  return t.app.request(`/${item.request.url.path.join('/')}`, {
    method: item.request.method,
    headers: Object.fromEntries(headers),
    ...(raw === '' ? {} : { body: raw }),
  });
}

function item(name: string): Item {
  const found = checkedIn.item
    .flatMap((folder) => folder.item)
    .find((candidate) => candidate.name.startsWith(name));
  if (!found) throw new Error(`no request named ${name}`);
  return found;
}

describe('the Postman collection', () => {
  it('is what the routes generate (npm run postman rewrites it)', async () => {
    const generated = await buildCollection(await (await t.app.request('/openapi.json')).text());
    expect(`${JSON.stringify(generated, null, 2)}\n`).toBe(readFileSync(FILE, 'utf8'));
    expect(checkedIn.item.map((folder) => folder.name)).toEqual(['merchant', 'payer']);
    expect(checkedIn.variable.map((variable) => variable.key)).toEqual([
      'baseUrl',
      'merchantUid',
      'apiKey',
      'apiSecret',
    ]);
  });

  it("signs the merchant's requests so that the service accepts them", async () => {
    const variables = {
      baseUrl: 'https://pay.test',
      merchantUid: t.merchant.merchant_uid,
      apiKey: t.merchant.api_key,
      apiSecret: t.merchant.api_secret,
    };
    const created = await send(item('Create a collection'), variables);
    expect(created.status, await created.clone().text()).toBe(200);
    const order = (await json(created)).data.payment;
    expect(order).toMatchObject({ payment_status: 'pending', final_amount: '199.00' });

    const balance = await send(item("The merchant's balance"), variables);
    expect(balance.status).toBe(200);
    expect((await json(balance)).data).toMatchObject({ merchant_uid: t.merchant.merchant_uid, inr: '0.00' });

    // Query's example names an order of its own: the script signs whatever the body holds.
    const query = item('Query an order');
    const mine = { ...query, request: { ...query.request, body: { raw: '{"merchant_order_id":"nope"}' } } };
    const missing = await send(mine, variables);
    expect(missing.status).toBe(404);
    expect((await json(missing)).data.error).toBe('not_found');

    const wrongSecret = await send(item("The merchant's balance"), {
      ...variables,
      apiSecret: '0'.repeat(64),
    });
    expect(wrongSecret.status).toBe(401);
  });
});
