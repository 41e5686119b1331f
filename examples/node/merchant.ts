/**
 * A complete, minimal merchant integration of the UPI gateway in Node.js (TypeScript, standard
 * library only: node:http, node:crypto, fetch).
 *
 * Creates a collection and a payout, queries them, reads the balance, receives and verifies
 * callbacks, verifies the signed return to redirect_url, and handles every amount as a decimal.
 * Run by run.sh with SERVICE_URL, MERCHANT_UID, API_KEY and API_SECRET in the environment; exits 0
 * when every step worked. The service must be able to reach this machine's loopback address for
 * callbacks (a sandbox started with ALLOW_PRIVATE_CALLBACKS=true).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const SERVICE_URL = env('SERVICE_URL').replace(/\/+$/, '');
const MERCHANT_UID = env('MERCHANT_UID');
const API_KEY = env('API_KEY');
const API_SECRET = env('API_SECRET');
const WAIT_MS = Number(process.env.WAIT_SECONDS ?? '120') * 1000;

type Fields = Record<string, string>;

// --- Signing ------------------------------------------------------------------------------------

/** name=value pairs sorted by name (UTF-16 order is byte order for these names), raw values, joined with '&'. */
function signedString(fields: Fields, skipEmpty: boolean): string {
  return Object.keys(fields)
    .sort()
    .filter((name) => !(skipEmpty && fields[name] === ''))
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

/** Lower-case hex HMAC-SHA256 of the signed string with the API secret. */
function sign(fields: Fields, skipEmpty = false, secret = API_SECRET): string {
  return createHmac('sha256', secret).update(signedString(fields, skipEmpty), 'utf8').digest('hex');
}

/** True if `signature` signs `fields` under either empty-value convention (constant time). */
function verify(fields: Fields, signature: string | null | undefined, secret = API_SECRET): boolean {
  const given = Buffer.from(
    String(signature ?? '')
      .trim()
      .toLowerCase(),
  );
  return [false, true].some((skipEmpty) => {
    const expected = Buffer.from(sign(fields, skipEmpty, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

// --- Money: decimal strings, never binary floats ------------------------------------------------

/** '19.99' -> 1999. Never parseFloat: 19.99 * 100 is 1998.9999999999998, truncated 1998. */
function toPaise(amount: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// --- The signed API -----------------------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field below
type Json = any;

async function call(path: string, body: Fields): Promise<Json> {
  const response = await fetch(SERVICE_URL + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'OC-Key': API_KEY, 'OC-Signature': sign(body) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (answer.result !== 'success') throw new Error(`${path}: ${answer.data.error}: ${answer.data.details}`);
  return answer.data;
}

async function unsigned(method: 'GET' | 'POST', path: string, body?: object): Promise<Json> {
  const response = await fetch(SERVICE_URL + path, {
    method,
    ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as Json;
  if (answer.result !== 'success') throw new Error(`${path}: ${answer.data.error}: ${answer.data.details}`);
  return answer.data;
}

// --- The shop's own endpoints: callbacks and the payer's return ---------------------------------

const callbacks: Fields[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://shop.local');
  const answer = (status: number, text: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
  };
  if (req.method === 'POST' && url.pathname === '/callback') {
    let fields: Fields;
    try {
      fields = JSON.parse(await readBody(req)) as Fields;
    } catch {
      return answer(400, 'not JSON');
    }
    const key = req.headers['oc-key'];
    const signature = req.headers['oc-signature'];
    if (key !== API_KEY || typeof signature !== 'string' || !verify(fields, signature)) {
      return answer(401, 'bad signature');
    }
    // Record first (idempotently, by payment_uid and status_seq), then acknowledge.
    callbacks.push(fields);
    return answer(200, 'SUCCESS');
  }
  if (req.method === 'GET' && url.pathname === '/return') {
    const signed: Fields = {
      merchant_order_id: url.searchParams.get('merchant_order_id') ?? '',
      payment_status: url.searchParams.get('payment_status') ?? '',
      payment_uid: url.searchParams.get('payment_uid') ?? '',
    };
    if (!verify(signed, url.searchParams.get('signature'))) return answer(400, 'bad signature');
    // A verified return says which order the payer comes back from; the order's outcome is still
    // taken from the callback or a query, not from the browser.
    return answer(200, `verified ${signed.payment_status}`);
  }
  return answer(404, 'not found');
}

async function waitForCallback(paymentUid: string, status: string): Promise<Fields> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const found = callbacks.find(
      (fields) => fields.payment_uid === paymentUid && fields.payment_status === status,
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${status} callback for ${paymentUid} within ${WAIT_MS / 1000} s`);
}

/** Follows the signed return to redirect_url as the payer's browser would. */
async function returnCheck(order: Json): Promise<void> {
  const view = await unsigned('GET', `/checkout/api/orders/${order.payment_uid}`);
  // Where the checkout page sends the payer: redirect_url with merchant_order_id, payment_uid,
  // payment_status and signature added.
  const returnUrl: string | null | undefined = view.return_url;
  if (typeof returnUrl !== 'string') throw new Error('the payer view has no return_url');
  const followed = await fetch(returnUrl);
  check((await followed.text()) === `verified ${order.payment_status}`, 'the return was not verified');
  const tampered = returnUrl.replace('payment_status=completed', 'payment_status=failed');
  check(tampered !== returnUrl, 'the return URL carries no payment_status=completed');
  check((await fetch(tampered)).status === 400, 'a tampered return was accepted');
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

const step = (name: string) => console.log(`ok - ${name}`);

// --- The run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  // The signer against the documented example with an empty field (docs/merchant-api.md, Signing).
  const documented: Fields = {
    transaction_type: 'income',
    amount: '20',
    merchant_order_id: 'ORD-20261123-0002',
    merchant_uid: 'M5F3A9C1E7B2D4086',
    from_name: '',
    order_uid: '7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40',
    response_type: 'json',
  };
  const exampleSecret = '9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4';
  check(
    sign(documented, false, exampleSecret) ===
      'bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2',
    'signing with empty values kept differs from the documented example',
  );
  check(
    sign(documented, true, exampleSecret) ===
      '043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca',
    'signing with empty values left out differs from the documented example',
  );
  check(
    verify(documented, ' 043CAF6879F5F477111E2C687A0D6084D3F1EAB559A79CB6E31B968E4F4073CA ', exampleSecret),
    'an upper-case signature with spaces around it was not accepted',
  );
  check(toPaise('19.99') === 1999 && toPaise('0.10') === 10 && toPaise('100') === 10000, 'toPaise is wrong');
  step('signing matches the documented examples, both empty-value conventions');

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orderId = `TS-${randomBytes(8).toString('hex')}`;
  const collection: Fields = {
    transaction_type: 'income',
    amount: '19.99',
    merchant_order_id: orderId,
    merchant_uid: MERCHANT_UID,
    notify_url: `${shopUrl}/callback`,
    redirect_url: `${shopUrl}/return?shop_ref=1`,
    response_type: 'json',
    from_name: '',
  };
  const created = (await call('/gateway/api/order/new', collection)).payment;
  check(toPaise(created.final_amount) === 1999, `final_amount ${created.final_amount}`);
  // A retry of the same request (after a timeout, say) answers the same order: keep the
  // merchant_order_id for a retry, never make a new one.
  const again = (await call('/gateway/api/order/new', collection)).payment;
  check(again.payment_uid === created.payment_uid, 'a retry created another order');
  step(`created collection ${orderId} for 19.99 (${created.payment_uid}); a retry answered the same order`);

  let queried = await call('/gateway/api/order/get', { merchant_order_id: orderId });
  check(queried.payment_status === 'pending', `status ${queried.payment_status}`);
  step('queried it: pending');

  // Sandbox only: the payer pays (a made-up bank credit) and gives the UTR back.
  const paid = await unsigned('POST', `/checkout/api/orders/${created.payment_uid}/simulate`);
  await unsigned('POST', '/Payments/india_match', {
    payment_uid: created.payment_uid,
    serial_number: paid.serial_number,
  });
  const callback = await waitForCallback(created.payment_uid, 'completed');
  check(toPaise(callback.amount ?? '') === 1999 && callback.merchant_order_id === orderId, 'callback fields');
  step(`received a verified completed callback (status_seq ${callback.status_seq})`);

  queried = await call('/gateway/api/order/get', { merchant_order_id: orderId });
  check(queried.payment_status === 'completed', `status ${queried.payment_status}`);
  check(toPaise(queried.final_amount) === 1999, `final_amount ${queried.final_amount}`);
  step('queried it: completed, 19.99');

  await returnCheck(queried);
  step('verified the signed return to redirect_url, and refused a tampered one');

  const balance = await call('/gateway/api/ledger/get_merchant_ledger', { merchant_uid: MERCHANT_UID });
  const before = toPaise(balance.inr);
  check(before >= 1999, `balance ${balance.inr}`);
  step(`balance: ${balance.inr} available, ${balance.inr_held} held`);

  const payoutId = `TS-PO-${randomBytes(8).toString('hex')}`;
  const payout = (
    await call('/gateway/api/order/new', {
      transaction_type: 'expense',
      amount: '5.00',
      merchant_order_id: payoutId,
      merchant_uid: MERCHANT_UID,
      to: '50100123456789',
      to_name: 'Asha Verma',
      to_bank_name: 'HDFC0001234',
      notify_url: `${shopUrl}/callback`,
      response_type: 'json',
    })
  ).payment;
  step(`created payout ${payoutId} for 5.00`);
  await waitForCallback(payout.payment_uid, 'completed');
  queried = await call('/gateway/api/order/get', { merchant_order_id: payoutId });
  check(queried.payment_status === 'completed', `payout status ${queried.payment_status}`);
  const after = toPaise(
    (await call('/gateway/api/ledger/get_merchant_ledger', { merchant_uid: MERCHANT_UID })).inr,
  );
  check(after === before - 500, `balance went from ${before} to ${after} paise`);
  step('payout completed (verified callback), balance down by exactly 5.00');
  server.close();
}

main().catch((error: unknown) => {
  console.error(`not ok - ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
