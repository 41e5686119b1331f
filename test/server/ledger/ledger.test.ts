import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { balanceOf, post } from '../../../src/server/ledger/ledger.js';
import {
  availableAccount,
  BANK_ACCOUNT,
  heldAccount,
  suspenseAccount,
} from '../../../src/server/ledger/ledger-accounts.js';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  balance,
  claim,
  count,
  createIncome,
  createLifecycleApp,
  createPayout,
  credit,
  freshUtr,
  fund,
  orderRow,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import type { TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

describe('ledger postings', () => {
  it('balance: the entries of every posting sum to zero', async () => {
    const key = await t.addMerchant({ name: 'Balanced merchant' });
    const funded = await fund(t, key, '100.00');
    const paid = await createPayout(t, key, '30.00');
    await setStatus(t, paid, 'completed');
    const failed = await createPayout(t, key, '20.00');
    await setStatus(t, failed, 'failed');

    const unbalanced = await t.db.query(
      'SELECT posting_id FROM ledger_entries GROUP BY posting_id HAVING sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    expect(
      await count(
        t,
        'ledger_postings p WHERE (SELECT count(*) FROM ledger_entries e WHERE e.posting_id = p.id) < 2',
      ),
    ).toBe(0);
    const events = await queryRows(
      t.db,
      z.object({
        event: z.string(),
        entries: z.array(z.object({ account_id: z.string(), amount: z.number() })),
      }),
      `SELECT p.event, json_agg(json_build_object('account_id', e.account_id, 'amount', e.amount) ORDER BY e.amount) AS entries
       FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
       JOIN orders o ON o.payment_uid = p.payment_uid
       WHERE o.merchant_uid = $1 GROUP BY p.id, p.event ORDER BY p.id`,
      [key.merchant_uid],
    );
    const available = availableAccount(key.merchant_uid);
    const held = heldAccount(key.merchant_uid);
    // The credit's money came in through the suspense account of the account it was paid to.
    const suspense = suspenseAccount((await orderRow(t, funded)).to_account);
    expect(
      events.map(({ event, entries }) => [event, entries.map((e) => [e.account_id, Number(e.amount)])]),
    ).toEqual([
      [
        'collected',
        [
          [suspense, -10000],
          [available, 10000],
        ],
      ],
      [
        'held',
        [
          [available, -3000],
          [held, 3000],
        ],
      ],
      [
        'paid_out',
        [
          [held, -3000],
          [BANK_ACCOUNT, 3000],
        ],
      ],
      [
        'held',
        [
          [available, -2000],
          [held, 2000],
        ],
      ],
      [
        'released',
        [
          [held, -2000],
          [available, 2000],
        ],
      ],
    ]);
    expect(await balance(t, key)).toEqual({ available: 7000, held: 0 });
  });

  it('posts an order event once: a second post is refused and moves no money', async () => {
    const key = await t.addMerchant({ name: 'Once merchant' });
    const uid = await fund(t, key, '10.00');
    const order = await orderRow(t, uid);
    const again = await t.db.transaction((tx) => post(tx, order, 'collected', t.clock.now()));
    expect(again).toEqual({ kind: 'already_posted' });
    expect(await balance(t, key)).toEqual({ available: 1000, held: 0 });
    expect(await count(t, 'ledger_postings WHERE payment_uid = $1', [uid])).toBe(1);
  });

  it('posts an event once when several transactions post it at the same time, each going on afterwards', async () => {
    const key = await t.addMerchant({ name: 'Racing postings merchant' });
    const order = await orderRow(t, await createIncome(t, key, { amount: '3.00' }));
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.db.transaction(async (tx) => {
          const result = await post(tx, order, 'collected', t.clock.now());
          await tx.query('SELECT 1');
          return result.kind;
        }),
      ),
    );
    expect(results.sort()).toEqual(['already_posted', 'already_posted', 'already_posted', 'posted']);
    expect(await balance(t, key)).toEqual({ available: 300, held: 0 });
  });

  it.runIf(storeKind === 'postgres')(
    'lets a transaction that waited on another posting of the same event go on once that one commits',
    async () => {
      const key = await t.addMerchant({ name: 'Waiting posting merchant' });
      const order = await orderRow(t, await createIncome(t, key, { amount: '4.00' }));
      let second: Promise<string> | undefined;
      const first = t.db.transaction(async (tx) => {
        const result = await post(tx, order, 'collected', t.clock.now());
        // Start the second posting and keep this transaction open until it waits on our row.
        second = t.db.transaction(async (tx2) => {
          const late = await post(tx2, order, 'collected', t.clock.now());
          await tx2.query('SELECT 1');
          return late.kind;
        });
        const waiting = `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        while ((await t.db.query(waiting)).length === 0) {
          // poll the lock table (another connection) until the second posting is blocked
        }
        return result.kind;
      });
      expect(await first).toBe('posted');
      expect(await second).toBe('already_posted');
      expect(await balance(t, key)).toEqual({ available: 400, held: 0 });
    },
  );

  it('has a unique key on (order, event) in the store itself', async () => {
    const uid = await fund(t, await t.addMerchant({ name: 'Unique merchant' }), '10.00');
    await expect(
      t.db.query(
        `INSERT INTO ledger_postings (payment_uid, event, created_at) VALUES ($1, 'collected', now())`,
        [uid],
      ),
    ).rejects.toThrow(/ledger_postings_once|unique/i);
  });

  it('keeps entries and postings immutable: no update, no delete', async () => {
    const uid = await fund(t, await t.addMerchant({ name: 'Immutable merchant' }), '10.00');
    const [posting] = await queryRows(
      t.db,
      z.object({ id: z.number() }),
      'SELECT id FROM ledger_postings WHERE payment_uid = $1',
      [uid],
    );
    const id = posting?.id ?? 0;
    await expect(
      t.db.query('UPDATE ledger_entries SET amount = amount * 2 WHERE posting_id = $1', [String(id)]),
    ).rejects.toThrow(/immutable/);
    await expect(
      t.db.query('DELETE FROM ledger_entries WHERE posting_id = $1', [String(id)]),
    ).rejects.toThrow(/immutable/);
    await expect(
      t.db.query(`UPDATE ledger_postings SET event = 'held' WHERE id = $1`, [String(id)]),
    ).rejects.toThrow(/immutable/);
    await expect(t.db.query('DELETE FROM ledger_postings WHERE id = $1', [String(id)])).rejects.toThrow(
      /immutable/,
    );
    expect(await count(t, 'ledger_entries WHERE posting_id = $1', [String(id)])).toBe(2);
  });

  it('never lets a merchant balance go negative, even by direct SQL', async () => {
    const key = await t.addMerchant({ name: 'Never negative merchant' });
    await expect(
      t.db.query('UPDATE ledger_accounts SET balance = -1 WHERE id = $1', [
        availableAccount(key.merchant_uid),
      ]),
    ).rejects.toThrow(/ledger_accounts_not_negative|check/i);
    expect(await balanceOf(t.db, key.merchant_uid)).toEqual({ available: 0, held: 0, pending: 0, frozen: 0 });
  });

  it('gives a collection rejected for its amount no posting and leaves accounting_status none', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '1.00');
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'reject', accounting_status: 'none' });
    expect(await count(t, 'ledger_postings WHERE payment_uid = $1', [uid])).toBe(0);
  });
});
