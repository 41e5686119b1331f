/**
 * The payout step reads the open payouts about once a second. Among many pending collections
 * that read must go through its own partial index (migration 9), not through the table: at 1M
 * pending orders the table scan took 450-840 ms of the store's CPU on every pass. Checked with
 * the store's own plan, on both stores, after the planner has the table's statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPEN_PAYOUTS_SQL } from '../../../src/server/channel/payout-store.js';
import { openMerchant } from '../../../src/server/merchants/open-merchant.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb, storeKind, type TestDb } from '../support/test-db.js';

const COLLECTIONS = 20_000;

/** Orders of one kind and status, `count` of them, made by the store itself. */
async function bulkOrders(
  db: TestDb,
  merchantUid: string,
  kind: { prefix: string; type: 'income' | 'expense'; status: string; count: number },
): Promise<void> {
  await db.query(
    `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
       accounting_type, payterm, payment, currency, country, channel, amount, final_amount, signature_key,
       payment_status, expires_at, status_changed_at, created_at, updated_at)
     SELECT gen_random_uuid()::text, $1, $2 || g, md5(g::text), $3,
       CASE WHEN $3 = 'income' THEN 'receive' ELSE 'pay' END, 'UPI', 'india', 'INR', 'India', 'payment_india',
       10000, 10000, 'ak_test', $4, now() + interval '1 day', now() - (g || ' seconds')::interval,
       now() - (g || ' seconds')::interval, now()
     FROM generate_series(1, $5::int) AS g`,
    [merchantUid, kind.prefix, kind.type, kind.status, kind.count],
  );
}

/** Every node of a JSON plan, depth first. */
function planNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [node, ...children.flatMap(planNodes)];
}

describe(`the open payouts among many pending collections (${storeKind})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb();
    const merchant = await db.transaction((tx) =>
      openMerchant(tx, { name: 'Busy shop', upi_vpa: 'busy@okaxis', upi_payee_name: 'Busy' }, new Date()),
    );
    await bulkOrders(db, merchant.uid, {
      prefix: 'C',
      type: 'income',
      status: 'pending',
      count: COLLECTIONS,
    });
    await bulkOrders(db, merchant.uid, { prefix: 'P', type: 'expense', status: 'pending', count: 2 });
    await bulkOrders(db, merchant.uid, { prefix: 'Q', type: 'expense', status: 'processing', count: 2 });
    await bulkOrders(db, merchant.uid, { prefix: 'D', type: 'expense', status: 'completed', count: 3 });
    await db.exec('ANALYZE orders');
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('reads them through their partial index, never the whole table', async () => {
    const [row] = await queryRows(
      db,
      z.object({ 'QUERY PLAN': z.unknown() }),
      `EXPLAIN (FORMAT JSON) ${OPEN_PAYOUTS_SQL}`,
      [100],
    );
    const raw = row?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    const nodes = planNodes(plan[0]?.Plan ?? {});
    const scans = nodes.filter((node) => node['Relation Name'] === 'orders').map((node) => node['Node Type']);
    expect(scans).not.toContain('Seq Scan');
    expect(nodes.map((node) => node['Index Name']).filter(Boolean)).toEqual(['orders_open_payouts']);
  });

  it('answers the open payouts alone, those not yet sent first', async () => {
    const open = await queryRows(db, z.object({ merchant_order_id: z.string() }), OPEN_PAYOUTS_SQL, [100]);
    expect(open.map((order) => order.merchant_order_id)).toEqual(['P2', 'P1', 'Q2', 'Q1']);
  });
});
