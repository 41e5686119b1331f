/**
 * A seeded random walk of a few hundred operations through the real interfaces (merchant API,
 * payer claims, operator credits and outcomes, SMS alerts and the statement lines that confirm or
 * contradict them, the end of holds, the expiry sweep and the sandbox channel), some of them
 * concurrent, after which the ledger must agree with the orders to the paisa, and the operators'
 * ledger check must find it sound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxChannel } from '../../../src/server/channel/sandbox-channel.js';
import { clearHeldCredits } from '../../../src/server/credits/commands/clear-held-credits.js';
import { BANK_ACCOUNT } from '../../../src/server/ledger/ledger-accounts.js';
import { checkLedger } from '../../../src/server/ledger/ledger-check.js';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { findMerchant } from '../../../src/server/merchants/merchant-store.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { formatAmount } from '../../../src/shared/money.js';
import { createSource, forwardSms, hdfcCredit } from '../credits/credit-support.js';
import {
  claim,
  createLifecycleApp,
  credit,
  freshUtr,
  requestPayout,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { incomeBody, json, type TestApp } from '../support/test-app.js';

const DEFAULT_SEED = 20260115;
const SEED = Number(process.env.LEDGER_SEED ?? DEFAULT_SEED);
const OPERATIONS = 300;

/** mulberry32: a small seeded generator, so that a failing walk can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
  };
}

let t: TestApp;
let merchants: IssuedKey[];
/** Each merchant's SMS forwarder token, by merchant_uid. */
const smsTokens = new Map<string, string>();
beforeAll(async () => {
  t = await createLifecycleApp();
  merchants = [
    t.merchant,
    await t.addMerchant({ name: 'Second merchant' }),
    await t.addMerchant({ name: 'Third merchant' }),
  ];
  for (const key of merchants) {
    const account = (await findMerchant(t.db, key.merchant_uid))?.upi_vpa ?? '';
    const source = await createSource(t, key, { account });
    smsTokens.set(key.merchant_uid, source.ingest_token ?? '');
  }
});

/** A statement line for a UTR (the generic CSV layout, imported without a source). */
async function statementLine(utr: string, amount: number, payee: string): Promise<Record<string, unknown>> {
  const csv = `utr,amount,payee,payer_name,credited_at\n${utr},${formatAmount(amount)},${payee},Ravi,2026-01-15`;
  const response = await t.operator('POST', '/operator/api/credits/import?profile=generic', csv);
  expect(response.status).toBe(200);
  return (await json(response)).data.results[0];
}
afterAll(async () => {
  await t.close();
});

const OrderLite = z.object({
  payment_uid: z.string(),
  merchant_uid: z.string(),
  transaction_type: z.enum(['income', 'expense']),
  payment_status: z.string(),
  amount: z.number(),
  accounting_status: z.string(),
});
type OrderLite = z.infer<typeof OrderLite>;

async function orders(where: string, params: string[] = []): Promise<OrderLite[]> {
  return queryRows(
    t.db,
    OrderLite,
    `SELECT payment_uid, merchant_uid, transaction_type, payment_status, amount, accounting_status
     FROM orders WHERE ${where} ORDER BY created_at, payment_uid`,
    params,
  );
}

async function checkInvariants(): Promise<void> {
  const all = await orders('true');
  const accounts = await queryRows(
    t.db,
    z.object({ id: z.string(), merchant_uid: z.string().nullable(), kind: z.string(), balance: z.number() }),
    'SELECT id, merchant_uid, kind, balance FROM ledger_accounts ORDER BY id',
  );
  const sums = new Map(
    (
      await queryRows(
        t.db,
        z.object({ account_id: z.string(), total: z.number() }),
        'SELECT account_id, sum(amount)::bigint AS total FROM ledger_entries GROUP BY account_id',
      )
    ).map((row) => [row.account_id, Number(row.total)]),
  );
  // The accounts table agrees with the entries, and no merchant balance is negative.
  for (const account of accounts) {
    expect(account.balance, account.id).toBe(sums.get(account.id) ?? 0);
    if (account.kind !== 'bank') expect(account.balance, account.id).toBeGreaterThanOrEqual(0);
  }
  // Every posting balances.
  expect(
    await t.db.query('SELECT posting_id FROM ledger_entries GROUP BY posting_id HAVING sum(amount) <> 0'),
  ).toEqual([]);
  const holds = await queryRows(
    t.db,
    z.object({ merchant_uid: z.string(), hold: z.string(), total: z.number() }),
    `SELECT o.merchant_uid, c.hold, sum(c.amount)::bigint AS total FROM bank_credits c
     JOIN orders o ON o.payment_uid = c.payment_uid AND o.payment_status = 'completed'
     WHERE c.hold IN ('pending', 'frozen') GROUP BY o.merchant_uid, c.hold`,
  );
  const OPEN = ['pending', 'preparing', 'processing'];
  let collectedTotal = 0;
  let paidOutTotal = 0;
  for (const merchant of merchants) {
    const mine = all.filter((order) => order.merchant_uid === merchant.merchant_uid);
    const sum = (pick: (order: OrderLite) => boolean) =>
      mine.filter(pick).reduce((total, order) => total + order.amount, 0);
    const collected = sum((o) => o.transaction_type === 'income' && o.payment_status === 'completed');
    const paidOut = sum((o) => o.transaction_type === 'expense' && o.payment_status === 'completed');
    const held = sum((o) => o.transaction_type === 'expense' && OPEN.includes(o.payment_status));
    collectedTotal += collected;
    paidOutTotal += paidOut;
    const balance = (kind: string) =>
      accounts.find((a) => a.merchant_uid === merchant.merchant_uid && a.kind === kind)?.balance;
    const heldBack = (hold: string) =>
      holds.find((row) => row.merchant_uid === merchant.merchant_uid && row.hold === hold)?.total ?? 0;
    expect(balance('pending'), merchant.merchant_uid).toBe(heldBack('pending'));
    expect(balance('frozen'), merchant.merchant_uid).toBe(heldBack('frozen'));
    expect(balance('available'), merchant.merchant_uid).toBe(
      collected - paidOut - held - heldBack('pending') - heldBack('frozen'),
    );
    expect(balance('held'), merchant.merchant_uid).toBe(held);
  }
  // What the merchants hold came from the bank through suspense; what is in suspense is the credits
  // that completed no order: all of it together is what the bank's account gave.
  const suspense = accounts.filter((a) => a.kind === 'suspense').reduce((sum, a) => sum + a.balance, 0);
  expect(accounts.find((a) => a.id === BANK_ACCOUNT)?.balance).toBe(paidOutTotal - collectedTotal - suspense);
  // The operator's ledger check finds what this test finds.
  const check = await checkLedger(t.db);
  expect(check.checks.flatMap((c) => c.differences)).toEqual([]);
  expect(check.ok).toBe(true);
  // accounting_status is in step with the postings.
  for (const order of all) {
    const expected =
      order.transaction_type === 'income'
        ? order.payment_status === 'completed'
          ? 'accounted'
          : 'none'
        : OPEN.includes(order.payment_status)
          ? 'delivered'
          : 'accounted';
    expect(order.accounting_status, `${order.transaction_type} ${order.payment_status}`).toBe(expected);
  }
  // One posting per order event.
  expect(
    await t.db.query(
      'SELECT payment_uid, event FROM ledger_postings WHERE payment_uid IS NOT NULL GROUP BY payment_uid, event HAVING count(*) > 1',
    ),
  ).toEqual([]);
}

describe('the ledger after a randomised sequence of operations', () => {
  it(`agrees with the orders and never goes negative (seed ${SEED})`, async () => {
    const rng = seeded(SEED);
    const channel = sandboxChannel(60);
    const claimed: { uid: string; utr: string; amount: number }[] = [];
    const waitingCredits: { utr: string; amount: number }[] = [];
    /** UTRs of credits posted by SMS, not yet given a statement line. */
    const smsCredits: string[] = [];
    const smsCredit = async (utr: string) =>
      (
        await queryRows(
          t.db,
          z.object({ amount: z.number(), payee: z.string() }),
          'SELECT amount, payee FROM bank_credits WHERE utr = $1',
          [utr],
        )
      )[0];
    const tally: Record<string, number> = {};

    const randomAmount = () => rng.int(100, 50_000);
    const merchantKey = () => rng.pick(merchants) ?? t.merchant;

    const operations: Record<string, () => Promise<unknown>> = {
      createIncome: async () => {
        const key = merchantKey();
        const body = incomeBody(key.merchant_uid, { amount: formatAmount(randomAmount()), notify_url: '' });
        expect((await t.signed('/gateway/api/order/new', body, { key })).status).toBe(200);
      },
      claim: async () => {
        const open = await orders(
          `transaction_type = 'income' AND payment_status IN ('pending', 'overdue', 'failed')`,
        );
        const order = rng.pick(open);
        if (!order) return;
        const early = rng.next() < 0.2 ? waitingCredits.shift() : undefined;
        const utr = early?.utr ?? freshUtr();
        const response = await claim(t, order.payment_uid, utr);
        expect([200, 409, 422]).toContain(response.status);
        // A UTR whose credit is already in settled (or rejected) the order with this claim.
        if (response.status === 200 && !early)
          claimed.push({ uid: order.payment_uid, utr, amount: order.amount });
      },
      claimUsedUtr: async () => {
        const open = await orders(`transaction_type = 'income' AND payment_status = 'pending'`);
        const order = rng.pick(open);
        const used = rng.pick(claimed);
        if (!order || !used) return;
        expect((await claim(t, order.payment_uid, used.utr)).status).toBe(409);
      },
      creditExact: async () => {
        const target = claimed.splice(rng.int(0, Math.max(0, claimed.length - 1)), 1)[0];
        if (!target) return;
        expect([200, 201]).toContain((await credit(t, target.utr, formatAmount(target.amount))).status);
      },
      creditMismatched: async () => {
        const target = claimed.splice(rng.int(0, Math.max(0, claimed.length - 1)), 1)[0];
        if (!target) return;
        const amount = target.amount + (rng.next() < 0.5 ? -1 : 100);
        expect([200, 201]).toContain((await credit(t, target.utr, formatAmount(Math.max(1, amount)))).status);
      },
      creditBySms: async () => {
        const target = claimed.splice(rng.int(0, Math.max(0, claimed.length - 1)), 1)[0];
        if (!target) return;
        const order = (await orders('payment_uid = $1', [target.uid]))[0];
        const token = order ? smsTokens.get(order.merchant_uid) : undefined;
        if (!token) return;
        const amount = formatAmount(target.amount);
        const forwarded = await forwardSms(t, token, {
          from: 'VM-HDFCBK',
          message: hdfcCredit(target.utr, amount),
        });
        expect(forwarded.status).toBe(200);
        smsCredits.push(target.utr);
      },
      statementConfirms: async () => {
        const utr = smsCredits.splice(rng.int(0, Math.max(0, smsCredits.length - 1)), 1)[0];
        const known = utr ? await smsCredit(utr) : undefined;
        if (!utr || !known) return;
        const line = await statementLine(utr, known.amount, known.payee);
        expect(['confirmed', 'duplicate']).toContain(line.outcome);
      },
      statementContradicts: async () => {
        const utr = smsCredits.splice(rng.int(0, Math.max(0, smsCredits.length - 1)), 1)[0];
        const known = utr ? await smsCredit(utr) : undefined;
        if (!utr || !known) return;
        const line = await statementLine(utr, known.amount + 100, known.payee);
        expect(line.outcome).toBe('frozen');
      },
      holdsEnd: async () => {
        await clearHeldCredits(t, 0);
      },
      creditTwice: async () => {
        const target = claimed.splice(0, 1)[0];
        if (!target) return;
        const amount = formatAmount(target.amount);
        const answers = await Promise.all([credit(t, target.utr, amount), credit(t, target.utr, amount)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      },
      creditBeforeClaim: async () => {
        const pending = await orders(`transaction_type = 'income' AND payment_status = 'pending'`);
        const order = rng.pick(pending);
        if (!order) return;
        const utr = freshUtr();
        expect((await credit(t, utr, formatAmount(order.amount))).status).toBe(201);
        waitingCredits.push({ utr, amount: order.amount });
      },
      expire: async () => {
        t.clock.advance(rng.int(1, 10) * 60_000);
        await expireDueOrders(t.db, t.clock.now());
      },
      createPayout: async () => {
        const key = merchantKey();
        const name = rng.next() < 0.2 ? 'Will FAIL' : rng.next() < 0.1 ? 'REJECT me' : 'Asha Verma';
        const response = await requestPayout(t, key, formatAmount(rng.int(100, 30_000)), {
          to_name: name,
          notify_url: '',
        });
        expect([200, 422]).toContain(response.status);
        if (response.status === 422) expect((await json(response)).data.error).toBe('insufficient_balance');
      },
      advancePayouts: async () => {
        t.clock.advance(rng.int(0, 90) * 1000);
        await advancePayouts(t.db, channel, t.clock.now());
      },
      operatorPayoutOutcome: async () => {
        const open = await orders(
          `transaction_type = 'expense' AND payment_status IN ('pending', 'preparing', 'processing')`,
        );
        const order = rng.pick(open);
        if (!order) return;
        const outcome = rng.pick(['completed', 'failed', 'reject'] as const) ?? 'failed';
        expect([200, 409]).toContain((await setStatus(t, order.payment_uid, outcome, 'operator')).status);
      },
      operatorRefund: async () => {
        const refundable = await orders(
          `transaction_type = 'income' AND payment_status IN ('processing', 'overdue', 'failed')`,
        );
        const order = rng.pick(refundable);
        if (!order) return;
        expect([200, 409]).toContain(
          (await setStatus(t, order.payment_uid, 'refund', 'returned to payer')).status,
        );
      },
      operatorFail: async () => {
        const processing = await orders(`transaction_type = 'income' AND payment_status = 'processing'`);
        const order = rng.pick(processing);
        if (!order) return;
        expect([200, 409]).toContain(
          (await setStatus(t, order.payment_uid, 'failed', 'no money seen')).status,
        );
      },
    };
    const weights: [string, number][] = [
      ['createIncome', 14],
      ['claim', 14],
      ['claimUsedUtr', 2],
      ['creditExact', 14],
      ['creditMismatched', 3],
      ['creditTwice', 2],
      ['creditBySms', 6],
      ['statementConfirms', 2],
      ['statementContradicts', 1],
      ['holdsEnd', 1],
      ['creditBeforeClaim', 4],
      ['expire', 5],
      ['createPayout', 14],
      ['advancePayouts', 8],
      ['operatorPayoutOutcome', 4],
      ['operatorRefund', 2],
      ['operatorFail', 2],
    ];
    const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
    const chooseOperation = (): string => {
      let roll = rng.next() * totalWeight;
      for (const [name, weight] of weights) {
        roll -= weight;
        if (roll < 0) return name;
      }
      return 'createIncome';
    };
    const run = async (name: string) => {
      tally[name] = (tally[name] ?? 0) + 1;
      await operations[name]?.();
    };

    let done = 0;
    while (done < OPERATIONS) {
      if (done % 20 === 10) {
        // A burst of concurrent operations: payouts racing each other and the sweeps.
        const burst = Array.from({ length: 6 }, chooseOperation);
        await Promise.all(burst.map(run));
        done += burst.length;
      } else {
        await run(chooseOperation());
        done += 1;
      }
      if (done % 50 === 0) await checkInvariants();
    }
    // Let every payout reach its end, then check once more.
    t.clock.advance(120_000);
    for (let pass = 0; pass < 4; pass++) await advancePayouts(t.db, channel, t.clock.now());
    await checkInvariants();

    const finals = await queryRows(
      t.db,
      z.object({ payment_status: z.string(), n: z.number() }),
      'SELECT payment_status, count(*)::int AS n FROM orders GROUP BY payment_status',
    );
    const byStatus = Object.fromEntries(finals.map((row) => [row.payment_status, row.n]));
    // The default walk reaches the interesting states, so the invariants above were tested on
    // them (another seed, given to replay a failure, may not).
    if (SEED !== DEFAULT_SEED) return;
    expect(byStatus.completed ?? 0).toBeGreaterThan(20);
    expect(byStatus.reject ?? 0).toBeGreaterThan(0);
    expect(byStatus.failed ?? 0).toBeGreaterThan(0);
    expect(byStatus.overdue ?? 0).toBeGreaterThan(0);
    // The bursts run concurrently, so on PostgreSQL the walk's later choices depend on which
    // operation finished first: completed payouts ranged 5-12 over a dozen runs of this seed.
    expect(
      (await orders(`transaction_type = 'expense' AND payment_status = 'completed'`)).length,
    ).toBeGreaterThan(0);
    expect(Object.values(tally).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(OPERATIONS);
    // Texts' credits were confirmed or ended their hold, and some were frozen.
    const byHold = Object.fromEntries(
      (
        await queryRows(
          t.db,
          z.object({ hold: z.string(), n: z.number() }),
          `SELECT hold, count(*)::int AS n FROM bank_credits WHERE evidence = 'sms' GROUP BY hold`,
        )
      ).map((row) => [row.hold, row.n]),
    );
    expect(byHold.cleared ?? 0).toBeGreaterThan(0);
    expect(byHold.frozen ?? 0).toBeGreaterThan(0);
  });
});
