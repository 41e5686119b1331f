/**
 * What the store announced after commits: a change feed on the test's store that records the
 * payloads heard on the order and outbox channels (and carries key changes, for the app's keys).
 */
import { randomUUID } from 'node:crypto';
import { silentLogger } from '../../../src/server/log.js';
import { KEY_CHANGES_CHANNEL } from '../../../src/server/merchants/key-changes.js';
import { OUTBOX_CHANNEL } from '../../../src/server/notify/outbox.js';
import { ORDER_CHANGES_CHANNEL } from '../../../src/server/orders/order-changes.js';
import { type ChangeFeed, openChangeFeed } from '../../../src/server/store/change-feed.js';
import type { Db } from '../../../src/server/store/db.js';

export interface HeardChanges {
  readonly feed: ChangeFeed;
  /** payment_uids announced as changed, in the order heard. */
  readonly orders: string[];
  /** payment_uids whose callback was written to the outbox. */
  readonly outbox: string[];
  /**
   * Waits until everything committed before the call has been heard: notifications arrive in
   * commit order, so hearing a marker sent now means all earlier ones have arrived.
   */
  settle(): Promise<void>;
}

export async function hearChanges(db: Db): Promise<HeardChanges> {
  const feed = await openChangeFeed(
    db,
    [ORDER_CHANGES_CHANNEL, OUTBOX_CHANNEL, KEY_CHANGES_CHANNEL],
    silentLogger,
  );
  const markers = new Map<string, () => void>();
  const heard: HeardChanges = {
    feed,
    orders: [],
    outbox: [],
    async settle() {
      const marker = `marker-${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
      await db.query('SELECT pg_notify($1, $2)', [ORDER_CHANGES_CHANNEL, marker]);
      await arrived;
    },
  };
  feed.on(ORDER_CHANGES_CHANNEL, (uid) => {
    const marker = markers.get(uid);
    if (marker) {
      markers.delete(uid);
      marker();
    } else heard.orders.push(uid);
  });
  feed.on(OUTBOX_CHANNEL, (uid) => heard.outbox.push(uid));
  return heard;
}
