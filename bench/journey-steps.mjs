/**
 * One payer's whole journey against a running service, step by step with the time of each, for
 * bench/journey.mjs (at a rising rate) and bench/stall.mjs (a few a second beside the pollers):
 * the merchant creates the order (signed), the payer's page reads it and opens its event stream,
 * the payer claims a UTR after a delay, the bank's credit arrives by forwarded SMS, the stream
 * shows the success, and the merchant's receiver gets the signed callback.
 */
import {
  callbackReceiver,
  createMerchant,
  incomeBody,
  operator,
  randomUtr,
  signedRequest,
  sleep,
} from './lib.mjs';
import { openStream } from './sse-client.mjs';

/**
 * A merchant, a receiver of its callbacks (signatures checked) and `sources` SMS credit sources
 * (each token is limited to 2 texts a second with a burst of 60: the journeys take them in turn).
 */
export async function journeySetup(url, { sources = 64 } = {}) {
  const merchant = await createMerchant(url, 'Journey Merchant');
  const receiver = callbackReceiver({ secret: merchant.api_secret });
  const notifyUrl = await receiver.listen();
  const tokens = [];
  for (let i = 0; i < sources; i++) {
    const source = await operator(url, 'POST', '/credit-sources', {
      merchant_uid: merchant.merchant_uid,
      account: 'benchshop@okaxis',
      kind: 'sms',
      name: `journey phone ${i}`,
    });
    tokens.push(source.ingest_token);
  }
  let next = 0;
  return { url, merchant, receiver, notifyUrl, token: () => tokens[next++ % tokens.length] };
}

async function ok(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Runs one journey; answers the time of each step (ms, performance.now() differences) and
 * `done`: from the credit's request to the later of the stream's success and the callback.
 * `stream: false` leaves the event stream out (the payer polls once instead).
 */
export async function journey(setup, { claimDelayMs = 1000, stream = true, timeoutMs = 30_000 } = {}) {
  const { url, merchant } = setup;
  const t = { start: performance.now() };
  const body = incomeBody(merchant.merchant_uid, { notify_url: setup.notifyUrl });
  const created = await ok(
    await fetch(`${url}/gateway/api/order/new`, signedRequest(merchant, body)),
    'order/new',
  );
  const uid = created.data.payment.payment_uid;
  t.created = performance.now();
  await ok(await fetch(`${url}/checkout/api/orders/${uid}`), 'payer poll');
  t.pageRead = performance.now();
  const events = stream ? await openStream(url, uid) : undefined;
  t.streamOpen = performance.now();
  try {
    await sleep(claimDelayMs);
    const utr = randomUtr();
    t.claimSent = performance.now();
    await ok(
      await fetch(`${url}/Payments/india_match`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
      }),
      'india_match',
    );
    t.claimed = performance.now();
    if (events) t.streamProcessing = await events.waitFor('processing');
    const message = `Money Received - INR 100.00 in HDFC Bank A/c xx9012 on 15-01-26 from ravi@okicici UPI Ref No ${utr}. Avl bal: INR 1,05,000.00`;
    t.creditSent = performance.now();
    await ok(
      await fetch(`${url}/ingest/sms/${setup.token()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'VM-HDFCBK', timestamp: Math.floor(Date.now() / 1000), message }),
      }),
      'sms ingest',
    );
    t.creditAnswered = performance.now();
    const deadline = sleep(timeoutMs).then(() => undefined);
    const [shown, calledBack] = await Promise.all([
      events ? Promise.race([events.waitFor('completed'), deadline]) : t.creditAnswered,
      setup.receiver.waitFor(`${uid}:completed`, timeoutMs),
    ]);
    t.streamCompleted = shown;
    t.callback = calledBack;
    const finished =
      shown === undefined || calledBack === undefined ? undefined : Math.max(shown, calledBack);
    return { uid, t, done: finished === undefined ? undefined : finished - t.creditSent };
  } finally {
    events?.close();
  }
}

/** The median of each step's time over the journeys: where the time goes. */
export function stepMedians(results) {
  const steps = {
    create: (t) => t.created - t.start,
    'page read': (t) => t.pageRead - t.created,
    'stream open': (t) => t.streamOpen - t.pageRead,
    claim: (t) => t.claimed - t.claimSent,
    'claim to stream': (t) => t.streamProcessing - t.claimSent,
    'credit request': (t) => t.creditAnswered - t.creditSent,
    'credit to stream': (t) => t.streamCompleted - t.creditSent,
    'credit to callback': (t) => t.callback - t.creditSent,
  };
  const out = {};
  for (const [name, of] of Object.entries(steps)) {
    const values = results
      .map((result) => of(result.t))
      .filter((value) => Number.isFinite(value))
      .sort((a, b) => a - b);
    out[name] = values.length ? Math.round(values[Math.floor(values.length / 2)] * 10) / 10 : null;
  }
  return out;
}
