/**
 * One attempt at one leased outbox row. Re-reads the order and sends its current state; a row
 * that a newer one makes stale is superseded instead, and one whose order is now in a status the
 * merchant is not called back about (`callback_statuses` `final`) is skipped. After the attempt, one transaction logs it,
 * moves the row on (done, next retry, or failed after the last) and keeps the order's
 * notify_status and notify_fail_reason in step.
 */
import { isCalledBack } from '../../../shared/callback-statuses.js';
import { signFields } from '../../../shared/signature.js';
import type { Clock } from '../../clock.js';
import { secretForKey } from '../../merchants/api-key-store.js';
import { findMerchant } from '../../merchants/merchant-store.js';
import { findOrder, setNotifyStatus } from '../../orders/order-store.js';
import { callbackFields } from '../../orders/order-views.js';
import type { Db, Queryable } from '../../store/db.js';
import { insertAttempt } from '../callback-attempt-store.js';
import type {
  CallbackRequest,
  DeliverCallback,
  DeliveryOptions,
  DeliveryOutcome,
} from '../deliver-callback.js';
import type { OutboxRow } from '../outbox.js';
import { endUnsent, finishRow, hasNewerRow } from '../outbox-store.js';
import { retryDelayAfter } from '../retry-schedule.js';

export interface AttemptDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** Unseals merchants' API secrets. */
  readonly secretKey: Buffer;
  readonly worker: string;
  readonly deliver: DeliverCallback;
  readonly delivery: DeliveryOptions;
  readonly retryDelays: readonly number[];
}

export type AttemptResult = 'acknowledged' | 'retrying' | 'failed' | 'superseded' | 'skipped' | 'lease_lost';

type Prepared =
  | { readonly kind: 'superseded' }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'send'; readonly status: string; readonly request: CallbackRequest }
  | { readonly kind: 'unsendable'; readonly status: string; readonly error: string };

const REASON_CHARS = 200;

export async function attemptCallback(deps: AttemptDeps, row: OutboxRow): Promise<AttemptResult> {
  const { db, clock, worker } = deps;
  const prepared = await db.transaction((tx) => prepare(deps, tx, row));
  if (prepared.kind === 'superseded') {
    const ended = await db.transaction((tx) => endUnsent(tx, row.id, worker, 'superseded', clock.now()));
    return ended ? 'superseded' : 'lease_lost';
  }
  if (prepared.kind === 'skipped') {
    // Nothing goes out for the order's latest change: its notify_status says so (none), rather
    // than keep what an older callback's delivery left there.
    const ended = await db.transaction(async (tx) => {
      const done = await endUnsent(tx, row.id, worker, 'skipped', clock.now());
      if (done && !(await hasNewerRow(tx, row))) await setNotifyStatus(tx, row.payment_uid, 'none', '');
      return done;
    });
    return ended ? 'skipped' : 'lease_lost';
  }
  const startedAt = clock.now();
  const outcome: DeliveryOutcome =
    prepared.kind === 'send'
      ? await deps.deliver(prepared.request, deps.delivery)
      : { acknowledged: false, httpStatus: null, latencyMs: 0, snippet: '', error: prepared.error };

  return db.transaction(async (tx): Promise<AttemptResult> => {
    const now = clock.now();
    const attempts = row.attempts + 1;
    await insertAttempt(tx, {
      outbox_id: row.id,
      payment_uid: row.payment_uid,
      attempt: attempts,
      payment_status: prepared.status,
      started_at: startedAt,
      http_status: outcome.httpStatus,
      latency_ms: outcome.latencyMs,
      response_snippet: outcome.snippet,
      error: outcome.error,
      worker,
    });
    const delay = outcome.acknowledged ? undefined : retryDelayAfter(attempts, deps.retryDelays);
    const result: AttemptResult = outcome.acknowledged
      ? 'acknowledged'
      : delay === undefined
        ? 'failed'
        : 'retrying';
    const reason = outcome.error.slice(0, REASON_CHARS);
    const kept = await finishRow(tx, {
      id: row.id,
      worker,
      state: result === 'acknowledged' ? 'done' : result === 'failed' ? 'failed' : 'pending',
      attempts,
      nextAttemptAt: new Date(now.getTime() + (delay ?? 0)),
      lastError: reason,
      now,
    });
    if (!kept) return 'lease_lost';
    // The order's notify_status follows its latest callback: an older row's outcome is ignored.
    if (!(await hasNewerRow(tx, row))) {
      if (result === 'acknowledged') await setNotifyStatus(tx, row.payment_uid, 'completed', '');
      else await setNotifyStatus(tx, row.payment_uid, result === 'failed' ? 'failed' : 'delivered', reason);
    }
    return result;
  });
}

async function prepare(deps: AttemptDeps, tx: Queryable, row: OutboxRow): Promise<Prepared> {
  if (await hasNewerRow(tx, row)) return { kind: 'superseded' };
  const order = await findOrder(tx, row.payment_uid);
  if (!order) return { kind: 'unsendable', status: row.payment_status, error: 'order not found' };
  const status = order.payment_status;
  if (order.notify_url === '') return { kind: 'unsendable', status, error: 'order has no notify_url' };
  const secret = await secretForKey(tx, deps.secretKey, order.signature_key);
  if (secret === undefined) return { kind: 'unsendable', status, error: 'signing key not found' };
  const merchant = await findMerchant(tx, order.merchant_uid);
  if (merchant && !isCalledBack(merchant.callback_statuses, status)) return { kind: 'skipped' };
  const fields = callbackFields(order, merchant?.name ?? '', deps.clock.now());
  const request: CallbackRequest = {
    url: order.notify_url,
    body: JSON.stringify(fields),
    headers: { 'OC-Key': order.signature_key, 'OC-Signature': signFields(secret, fields) },
  };
  return { kind: 'send', status, request };
}
