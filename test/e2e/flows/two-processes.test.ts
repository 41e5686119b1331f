/**
 * Flow 8 (PostgreSQL only): two service processes with different WORKER_IDs share one database.
 * Orders are created through one, UTRs posted through the other (one by a payer's page it serves),
 * credits through either, before or after the claim. Every callback is delivered once per outbox
 * row, and no row is attempted by both processes.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { claimUtr, createCollection, queryUntil } from '../support/orders.js';
import { storeKind, useStack } from '../support/stack.js';

const postgres = storeKind() === 'postgres';
const stack = postgres ? useStack('pair') : undefined;
const browser = useBrowser();

describe.runIf(postgres)('Two processes on one PostgreSQL database', () => {
  test('orders, UTRs and credits through either process complete, with each callback delivered exactly once', async () => {
    if (!stack) throw new Error('no stack');
    const [a, b] = stack.urls;
    if (!a || !b) throw new Error('two processes expected');
    const operators = [stack.operator.via(a), stack.operator.via(b)] as const;

    const orders = [];
    for (let i = 0; i < 8; i += 1) {
      const amount = `${101 + i}.00`;
      const order = await createCollection(stack, { amount, prefix: `PAIR${i}` });
      orders.push({ ...order, amount, utr: newUtr() });
    }

    // The first order is paid through the payer page that process B serves.
    const first = orders[0];
    if (!first) throw new Error('no order');
    const page = await (await browser.phone()).newPage();
    await page.goto(`${b}/checkout/${first.paymentUid}`);
    await page.getByLabel('UTR (12-digit reference number)').fill(first.utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await operators[0].postCredit({ utr: first.utr, amount: first.amount });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });

    // The others over HTTP: claim first, or credit first (it waits for its claim), via A or B.
    for (const [i, order] of orders.entries()) {
      if (i === 0) continue;
      const operator = operators[i % 2] ?? operators[0];
      if (i % 3 === 0) {
        expect(await operator.postCredit({ utr: order.utr, amount: order.amount })).toMatchObject({
          outcome: 'waiting',
        });
        expect((await claimUtr(b, order.paymentUid, order.utr)).status).toBe(200);
      } else {
        expect((await claimUtr(b, order.paymentUid, order.utr)).status).toBe(200);
        expect(await operator.postCredit({ utr: order.utr, amount: order.amount })).toMatchObject({
          payment_status: 'completed',
        });
      }
    }

    for (const order of orders) {
      const queried = await queryUntil(
        stack,
        order.merchantOrderId,
        (o) => o.notify_status === 'completed',
        30_000,
      );
      expect(queried).toMatchObject({
        payment_status: 'completed',
        notify_status: 'completed',
        accounting_status: 'accounted',
      });
    }

    const workers = new Set<string>();
    for (const [i, order] of orders.entries()) {
      // Read the log through either process; wait until no row is still pending.
      const operator = operators[i % 2 === 0 ? 1 : 0];
      let log = await operator.callbacks(order.paymentUid);
      await expect
        .poll(async () => {
          log = await operator.callbacks(order.paymentUid);
          return log.outbox.filter((row) => row.state === 'pending').length;
        })
        .toBe(0);
      const received = stack.site.callbacksFor(order.paymentUid);
      for (const callback of received)
        expect(callback.signedKeepingEmpties && callback.signedSkippingEmpties).toBe(true);
      expect(
        log.outbox.map((row) => row.state).filter((state) => state !== 'done' && state !== 'superseded'),
      ).toEqual([]);
      // A delivery carries the order's state at the time of sending (the dispatcher re-reads the
      // order), so a row may be delivered with a state newer than its own when the order moved on
      // between its claim and its sending. Each row is attempted once, by one process.
      const statesFrom = (seq: number) =>
        log.outbox.filter((other) => other.status_seq >= seq).map((other) => other.payment_status);
      for (const row of log.outbox) {
        const attempts = log.attempts.filter((attempt) => attempt.outbox_id === row.id);
        const attemptWorkers = new Set(attempts.map((attempt) => attempt.worker));
        for (const worker of attemptWorkers) workers.add(worker);
        expect(
          attemptWorkers.size,
          `outbox row ${row.id} attempted by ${[...attemptWorkers].join(' and ')}`,
        ).toBeLessThanOrEqual(1);
        if (row.state === 'done') {
          expect(attempts, `outbox row ${row.id} (${row.payment_status})`).toHaveLength(1);
          expect(statesFrom(row.status_seq)).toContain(attempts[0]?.payment_status);
        } else {
          expect(attempts, `superseded outbox row ${row.id}`).toHaveLength(0);
        }
      }
      // What arrived is what the attempts sent, each a state the order was in with its own seq.
      expect(received.map((callback) => callback.fields.payment_status).sort()).toEqual(
        log.attempts.map((attempt) => attempt.payment_status).sort(),
      );
      for (const callback of received) {
        expect(
          log.outbox.some(
            (row) =>
              String(row.status_seq) === callback.fields.status_seq &&
              row.payment_status === callback.fields.payment_status,
          ),
          `callback ${callback.fields.payment_status} #${callback.fields.status_seq} is a state of the order`,
        ).toBe(true);
      }
      expect(received).toHaveLength(log.attempts.length);
      expect(received.some((callback) => callback.fields.payment_status === 'completed')).toBe(true);
    }
    console.log(`[e2e] callback attempts were made by: ${[...workers].sort().join(', ')}`);
  });
});
