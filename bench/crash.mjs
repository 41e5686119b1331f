#!/usr/bin/env node
/**
 * Crash test: concurrent order creations, UTR claims, bank credits and payouts against the built
 * service, which is killed with SIGKILL at random moments and started again on the same store.
 * At the end (service up, callbacks drained) it checks:
 *   - acknowledged == stored: every order, claim and credit the service acknowledged is in the store;
 *   - the ledger is balanced: every posting's entries sum to zero, every account's balance is the
 *     sum of its entries, and no merchant balance is negative;
 *   - every owed final callback was delivered: each order in a final status has had a callback with
 *     that status acknowledged by the merchant's receiver.
 *
 * Usage: node bench/crash.mjs [embedded|pg ...] [--kills 6] [--workers 6] [--seconds 40]
 *        (--seconds: the span over which the kills fall, one at a random moment in each slice)
 *        (after npm run build)
 */
import { join } from 'node:path';
import pg from 'pg';
import {
  callbackReceiver,
  createDatabase,
  createMerchant,
  incomeBody,
  main,
  operator,
  option,
  printMachine,
  processStats,
  randomUtr,
  SERVER_DIST,
  signedRequest,
  sleep,
  startService,
  storesOption,
  tempDir,
} from './lib.mjs';

const stores = storesOption(['embedded', 'pg']);
const kills = option('kills', 6);
const workers = option('workers', 6);
const seconds = option('seconds', 40);

async function post(url, path, init) {
  const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
  const json = await response.json();
  return { status: response.status, json };
}

/** The acknowledged work, to be found in the store afterwards. */
function ledgerOfAcks() {
  return {
    orders: new Set(),
    payouts: new Set(),
    claims: new Map(),
    credits: new Set(),
    errors: 0,
    attempts: 0,
  };
}

async function worker(state, acks, merchant, notifyUrl) {
  while (!state.done) {
    const url = state.url;
    acks.attempts += 1;
    try {
      const roll = Math.random();
      if (roll < 0.7) {
        // A collection: create, claim, credit (in random order of claim and credit).
        const amount = `${1 + Math.floor(Math.random() * 500)}.00`;
        const created = await post(
          url,
          '/gateway/api/order/new',
          signedRequest(merchant, incomeBody(merchant.merchant_uid, { amount, notify_url: notifyUrl })),
        );
        if (created.status !== 200) continue;
        const uid = created.json.data.payment.payment_uid;
        acks.orders.add(uid);
        const utr = randomUtr();
        const claimFirst = Math.random() < 0.5;
        const claim = async () => {
          const r = await post(state.url, '/Payments/india_match', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
          });
          if (r.status === 200) acks.claims.set(utr, uid);
        };
        const credit = async () => {
          const r = await fetch(`${state.url}/operator/api/credits`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${state.token}` },
            body: JSON.stringify({ utr, amount, payee: 'benchshop@okaxis' }),
            signal: AbortSignal.timeout(15_000),
          });
          await r.arrayBuffer();
          if (r.status === 200 || r.status === 201) acks.credits.add(utr);
        };
        if (claimFirst) {
          await claim();
          await credit();
        } else {
          await credit();
          await claim();
        }
      } else {
        const body = {
          transaction_type: 'expense',
          amount: '1.00',
          currency: 'inr',
          payment: 'india',
          to_bank_name: 'ICIC0000104',
          to_name: 'Asha Verma',
          to: '000123456789',
          channel: 'payment_india',
          merchant_order_id: `P${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          merchant_uid: merchant.merchant_uid,
          notify_url: notifyUrl,
          response_type: 'json',
          country: 'India',
          accounting_type: 'pay',
        };
        const created = await post(url, '/gateway/api/order/new', signedRequest(merchant, body));
        if (created.status === 200) acks.payouts.add(created.json.data.payment.payment_uid);
      }
    } catch {
      acks.errors += 1; // the service was killed mid-request: not acknowledged
      await sleep(100);
    }
  }
}

async function openStore(kind, dataDir, dbUrl) {
  if (kind === 'pg') {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const { openDb } = await import(join(SERVER_DIST, 'store/open-db.js'));
  return openDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
}

async function runStore(kind) {
  const rx = callbackReceiver();
  const notifyUrl = await rx.listen();
  const dataDir = kind === 'embedded' ? tempDir('bench-crash-') : undefined;
  const dbUrl = kind === 'pg' ? (await createDatabase('crash')).url : undefined;
  const env = {
    ...(dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir }),
    SANDBOX_PAYOUT_DELAY_SECONDS: '1',
  };
  const state = { url: '', token: 'bench-operator-token-0123456789abcdef', service: undefined, done: false };
  const start = async () => {
    state.service = await startService({ env, label: `crash-${kind}` });
    state.url = state.service.url;
  };
  await start();
  // Resident memory of the service right after it started on a new store, and after each restart.
  const rssMb = { created: processStats(state.service.pid).rssMb, reopened: [] };
  const merchant = await createMerchant(state.url, 'Crash Merchant');
  // Funds for payouts.
  for (let i = 0; i < 3; i++) {
    const created = await post(
      state.url,
      '/gateway/api/order/new',
      signedRequest(merchant, incomeBody(merchant.merchant_uid, { amount: '5000.00' })),
    );
    const utr = randomUtr();
    const uid = created.json.data.payment.payment_uid;
    await post(state.url, '/Payments/india_match', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
    });
    await operator(state.url, 'POST', '/credits', { utr, amount: '5000.00', payee: 'benchshop@okaxis' });
  }

  const acks = ledgerOfAcks();
  const running = Array.from({ length: workers }, () => worker(state, acks, merchant, notifyUrl));
  let killed = 0;
  const restarts = [];
  while (killed < kills) {
    // A random moment within each slice of the run, while the workers are busy.
    await sleep(1000 + Math.random() * ((seconds * 1000) / kills));
    state.service.child.kill('SIGKILL');
    await new Promise((resolve) => state.service.child.once('exit', resolve));
    killed += 1;
    const began = Date.now();
    await start();
    restarts.push(Date.now() - began);
    rssMb.reopened.push(processStats(state.service.pid).rssMb);
  }
  await sleep(3000);
  state.done = true;
  await Promise.all(running);

  // Let callbacks and payouts settle, then stop cleanly and check the store.
  const settleUntil = Date.now() + 60_000;
  let pending = -1;
  while (Date.now() < settleUntil) {
    const outbox = await operator(state.url, 'GET', '/callbacks?state=pending&limit=1000').catch(() => []);
    pending = Array.isArray(outbox) ? outbox.length : -1;
    if (pending === 0) break;
    await sleep(1000);
  }
  await state.service.stop();
  const db = await openStore(kind, dataDir, dbUrl);
  try {
    const rows = async (sql, params = []) => db.query(sql, params);
    const stored = new Set((await rows('SELECT payment_uid FROM orders')).map((r) => r.payment_uid));
    const missingOrders = [...acks.orders, ...acks.payouts].filter((uid) => !stored.has(uid));
    const claims = new Map(
      (await rows('SELECT utr, payment_uid FROM utr_claims')).map((r) => [r.utr, r.payment_uid]),
    );
    const missingClaims = [...acks.claims].filter(([utr, uid]) => claims.get(utr) !== uid);
    const credits = new Set((await rows('SELECT utr FROM bank_credits')).map((r) => r.utr));
    const missingCredits = [...acks.credits].filter((utr) => !credits.has(utr));
    const unbalancedPostings = await rows(
      'SELECT posting_id FROM ledger_entries GROUP BY posting_id HAVING sum(amount) <> 0',
    );
    const wrongBalances = await rows(
      `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
       GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`,
    );
    const negative = await rows(`SELECT id FROM ledger_accounts WHERE kind <> 'bank' AND balance < 0`);
    const finals = await rows(
      `SELECT payment_uid, payment_status FROM orders
       WHERE payment_status IN ('completed', 'reject', 'refund') AND notify_url <> ''`,
    );
    const undelivered = finals.filter((o) => !rx.arrivals.has(`${o.payment_uid}:${o.payment_status}`));
    const result = {
      kind,
      kills: killed,
      restartMs: restarts,
      rssMb,
      requests: acks.attempts,
      interrupted: acks.errors,
      acknowledged: {
        orders: acks.orders.size,
        payouts: acks.payouts.size,
        claims: acks.claims.size,
        credits: acks.credits.size,
      },
      missing: { orders: missingOrders.length, claims: missingClaims.length, credits: missingCredits.length },
      ledger: {
        unbalancedPostings: unbalancedPostings.length,
        wrongBalances: wrongBalances.length,
        negative: negative.length,
      },
      finalCallbacks: { owed: finals.length, undelivered: undelivered.length, pendingAtEnd: pending },
    };
    const ok =
      missingOrders.length + missingClaims.length + missingCredits.length === 0 &&
      unbalancedPostings.length + wrongBalances.length + negative.length === 0 &&
      undelivered.length === 0;
    console.log(`  ${kind}: ${ok ? 'OK' : 'FAILED'} ${JSON.stringify(result)}`);
    return { ...result, ok };
  } finally {
    await db.close();
    await rx.close();
  }
}

main(
  async () => {
    const m = printMachine();
    const results = [];
    for (const kind of stores) results.push(await runStore(kind));
    console.log(JSON.stringify({ machine: m, kills, workers, seconds, results }));
    if (results.some((r) => !r.ok)) throw new Error('crash test: a check failed');
  },
  { limitSeconds: 900 },
);
