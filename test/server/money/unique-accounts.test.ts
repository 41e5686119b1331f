/**
 * Hole 1 of the money controls: a collection account belongs to one merchant. Creating or editing
 * a merchant with another merchant's UPI address (in any case) or IMPS account (number and IFSC)
 * answers 409 `account_in_use` without naming the other merchant, a disabled merchant's accounts
 * included; a credit source cannot feed another merchant's account; and a store that already holds
 * shared accounts is not migrated: the migration fails and lists them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError, migrate } from '../../../src/server/store/migrate.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { openTestDb, storeKind } from '../support/test-db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const create = (body: Record<string, unknown>) =>
  t.operator('POST', '/operator/api/merchants', { name: 'Shop', ...body });

async function refusedInUse(response: Response): Promise<string> {
  expect(response.status).toBe(409);
  const body = await json(response);
  expect(body).toMatchObject({ result: 'error', data: { error: 'account_in_use' } });
  return body.data.details as string;
}

describe(`unique collection accounts (${storeKind})`, () => {
  it("refuses a new merchant with another merchant's UPI address, in any case, without naming it", async () => {
    const first = await create({ name: 'Ludo Palace', upi_vpa: 'ludopalace@okicici' });
    expect(first.status).toBe(201);
    const owner = (await json(first)).data.merchant.uid as string;
    const details = await refusedInUse(await create({ name: 'Copycat', upi_vpa: 'LudoPalace@OKICICI' }));
    expect(details).not.toContain(owner);
    expect(details).not.toContain('Ludo Palace');
  });

  it("refuses an edit that sets another merchant's UPI address in upper case", async () => {
    expect((await create({ name: 'Teen Patti Gold', upi_vpa: 'teenpatti@ybl' })).status).toBe(201);
    const other = await create({ name: 'Other shop', upi_vpa: 'othershop@ybl' });
    const uid = (await json(other)).data.merchant.uid as string;
    await refusedInUse(
      await t.operator('PATCH', `/operator/api/merchants/${uid}`, { upi_vpa: 'TEENPATTI@YBL' }),
    );
    const shown = await json(await t.operator('GET', `/operator/api/merchants/${uid}`));
    expect(shown.data.upi_vpa).toBe('othershop@ybl');
  });

  it('refuses an IMPS account (number and IFSC) in use, and takes the same number at another bank', async () => {
    const account = { imps_account: '50100234567891', imps_ifsc: 'HDFC0000240' };
    expect((await create({ name: 'Rummy Hub', ...account })).status).toBe(201);
    await refusedInUse(await create({ name: 'Rummy Copy', ...account }));
    const elsewhere = await create({
      name: 'Other bank',
      imps_account: '50100234567891',
      imps_ifsc: 'SBIN0001234',
    });
    expect(elsewhere.status).toBe(201);
  });

  it("keeps a disabled merchant's accounts its own", async () => {
    const made = await create({ name: 'Closed shop', upi_vpa: 'closedshop@paytm' });
    const uid = (await json(made)).data.merchant.uid as string;
    expect(
      (await t.operator('POST', `/operator/api/merchants/${uid}/disable`, { note: 'closed' })).status,
    ).toBe(200);
    await refusedInUse(await create({ name: 'Reopened elsewhere', upi_vpa: 'closedshop@paytm' }));
  });

  it("lets a merchant keep or re-send its own account, and refuses a credit source on another merchant's account", async () => {
    const made = await create({ name: 'Own shop', upi_vpa: 'ownshop@okaxis' });
    const uid = (await json(made)).data.merchant.uid as string;
    const same = await t.operator('PATCH', `/operator/api/merchants/${uid}`, { upi_vpa: 'OwnShop@okaxis' });
    expect(same.status).toBe(200);
    // A source of the demo merchant on its own account is fine; on this merchant's account it is not its account at all.
    const source = await t.operator('POST', '/operator/api/credit-sources', {
      merchant_uid: uid,
      account: 'ownshop@okaxis',
      kind: 'sms',
      name: 'Shop phone',
    });
    expect(source.status).toBe(201);
    // A merchant may not take an account another merchant's source feeds, even once that merchant moved away from it.
    expect(
      (await t.operator('PATCH', `/operator/api/merchants/${uid}`, { upi_vpa: 'ownshop-new@okaxis' })).status,
    ).toBe(200);
    await refusedInUse(await create({ name: 'Taker', upi_vpa: 'ownshop@okaxis' }));
  });
});

describe(`a store that already shares accounts (${storeKind})`, () => {
  it('is not migrated: the migration fails, lists the shared accounts and changes nothing', async () => {
    const db = await openTestDb();
    try {
      // The store as the version before had it: no unique indexes, migration 13 not applied.
      await db.exec(`DROP INDEX merchants_upi_vpa_unique; DROP INDEX merchants_imps_account_unique;
        DELETE FROM schema_migrations WHERE version = 13;`);
      const at = new Date('2026-01-01T00:00:00Z');
      const merchants: readonly (readonly [string, string, string])[] = [
        ['MA', 'shared@okaxis', '111122223333'],
        ['MB', 'SHARED@okaxis', '111122223333'],
        ['MC', 'alone@okaxis', '999988887777'],
      ];
      for (const [uid, vpa, account] of merchants) {
        await db.query(
          `INSERT INTO merchants (uid, name, upi_vpa, imps_account, imps_ifsc, created_at, updated_at)
           VALUES ($1, $1, $2, $3, 'HDFC0001234', $4, $4)`,
          [uid, vpa, account, at],
        );
      }
      const error = await migrate(db).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationError);
      const message = (error as Error).message;
      expect(message).toContain('migration 13 (unique collection accounts) failed');
      expect(message).toContain('UPI shared@okaxis (merchants MA, MB)');
      expect(message).toContain('IMPS 111122223333 at HDFC0001234 (merchants MA, MB)');
      expect(message).not.toContain('MC');
      expect(message).toContain('docs/money-controls.md');
      // Once the operator gives each account to one merchant, it applies.
      await db.query(
        `UPDATE merchants SET upi_vpa = 'mb@okaxis', imps_account = '444455556666' WHERE uid = 'MB'`,
      );
      expect(await migrate(db)).toEqual([13]);
    } finally {
      await db.close();
    }
  });
});
