/**
 * Group commit for order creation (docs/decisions/0035-creation-by-group-commit.md):
 * collection orders created at about the same time are inserted together, in one statement of
 * many rows, instead of one statement (and one commit) each. Each order keeps its own answer.
 */
import DataLoader from 'dataloader';
import type { Queryable } from '../store/db.js';
import type { NewOrder, Order } from './order.js';
import { insertOrders } from './order-store.js';

/** At most this many orders in one statement (one JSON parameter of about 1.5 KB per order). */
const MAX_BATCH = 128;
/** Statements in flight at once; orders that arrive meanwhile wait and go in the next one. */
const MAX_IN_FLIGHT = 2;

export interface OrderGroupCommit {
  /**
   * Inserts the order with the others that arrive while the statement before is in flight (or
   * in the same turn of the event loop); undefined when it was left out (its merchant_order_id is
   * taken or its payer is blacklisted: `insertOrders`).
   */
  insert(order: NewOrder): Promise<Order | undefined>;
}

export interface GroupCommitOptions {
  /** Called with the number of orders of each statement sent (tests, benches). */
  readonly onBatch?: (size: number) => void;
}

export function orderGroupCommit(db: Queryable, options: GroupCommitOptions = {}): OrderGroupCommit {
  let active = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<NewOrder, Order | undefined>(
    async (orders) => {
      try {
        options.onBatch?.(orders.length);
        return await insertBatch(db, orders);
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else active--;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // A batch is sent after the current turn of the event loop (the requests read in it join),
      // or, with MAX_IN_FLIGHT statements out, as soon as one of them is answered.
      batchScheduleFn: (dispatch) => {
        if (active < MAX_IN_FLIGHT) {
          active++;
          setImmediate(dispatch);
        } else {
          waiting.push(dispatch);
        }
      },
    },
  );
  return { insert: (order) => loader.load(order) };
}

/**
 * One statement for the batch. If it fails (a row the store refuses), each order is tried alone,
 * so that the failure is only the failing order's.
 */
async function insertBatch(
  db: Queryable,
  orders: readonly NewOrder[],
): Promise<(Order | undefined | Error)[]> {
  try {
    const inserted = await insertOrders(db, orders);
    return orders.map((order) => inserted.get(order.payment_uid));
  } catch (error) {
    if (orders.length === 1) return [asError(error)];
    return Promise.all(
      orders.map((order) =>
        insertOrders(db, [order]).then(
          (inserted) => inserted.get(order.payment_uid),
          (failure: unknown) => asError(failure),
        ),
      ),
    );
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

const perStore = new WeakMap<Queryable, OrderGroupCommit>();

/** The store's one group commit in this process. */
export function groupCommitOf(db: Queryable): OrderGroupCommit {
  let groupCommit = perStore.get(db);
  if (!groupCommit) {
    groupCommit = orderGroupCommit(db);
    perStore.set(db, groupCommit);
  }
  return groupCommit;
}
