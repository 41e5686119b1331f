/**
 * An order's whole story in time order: creation, status changes, UTR claims (with the client
 * address), bank credits, ledger postings with their entries, callbacks and every attempt.
 */
import type { TimelineEntry } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import { claimsOf } from '../credits/claim-store.js';
import { creditsOfOrder } from '../credits/credit-store.js';
import { type PostingEntryRow, postingsOfOrder } from '../ledger/ledger-store.js';
import { listAttemptsForOrder } from '../notify/callback-attempt-store.js';
import { listOutboxForOrder } from '../notify/outbox-store.js';
import type { Order } from '../orders/order.js';
import { orderHistory } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';

const iso = (value: Date) => value.toISOString();
const ORDER: Record<TimelineEntry['kind'], number> = {
  created: 0,
  claim: 1,
  credit: 2,
  status: 3,
  ledger: 4,
  callback: 5,
  attempt: 6,
};

export async function orderTimeline(db: Queryable, order: Order): Promise<TimelineEntry[]> {
  const uid = order.payment_uid;
  const [events, claims, credits, postings, outbox, attempts] = await Promise.all([
    orderHistory(db, uid),
    claimsOf(db, uid),
    creditsOfOrder(db, uid),
    postingsOfOrder(db, uid),
    listOutboxForOrder(db, uid),
    listAttemptsForOrder(db, uid),
  ]);
  const entries: TimelineEntry[] = [
    {
      kind: 'created',
      at: iso(order.created_at),
      amount: formatAmount(order.amount),
      payterm: order.payterm,
      client_ip: order.ip,
      user_agent: order.user_agent,
    },
    ...events
      .filter((event) => event.from_status !== null)
      .map((event) => ({
        kind: 'status' as const,
        at: iso(event.at),
        seq: event.seq,
        from: event.from_status,
        to: event.to_status,
        cause: event.cause,
        detail: event.detail,
      })),
    ...claims.map((claim) => ({
      kind: 'claim' as const,
      at: iso(claim.claimed_at),
      utr: claim.utr,
      client_ip: claim.client_ip,
    })),
    ...credits.map((credit) => ({
      kind: 'credit' as const,
      at: iso(credit.created_at),
      utr: credit.utr,
      amount: formatAmount(credit.amount),
      payer_name: credit.payer_name,
      source: credit.source,
      matched: credit.payment_uid === uid,
    })),
    ...groupPostings(postings),
    ...outbox.map((row) => ({
      kind: 'callback' as const,
      at: iso(row.created_at),
      outbox_id: row.id,
      payment_status: row.payment_status,
      state: row.state,
      attempts: row.attempts,
      last_error: row.last_error,
    })),
    ...attempts.map((row) => ({
      kind: 'attempt' as const,
      at: iso(row.started_at),
      outbox_id: row.outbox_id,
      attempt: row.attempt,
      payment_status: row.payment_status,
      http_status: row.http_status,
      latency_ms: row.latency_ms,
      response_snippet: row.response_snippet,
      error: row.error,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || ORDER[a.kind] - ORDER[b.kind]);
}

function groupPostings(rows: readonly PostingEntryRow[]) {
  const byId = new Map<number, Extract<TimelineEntry, { kind: 'ledger' }>>();
  for (const row of rows) {
    const id = row.id;
    const entry = byId.get(id) ?? {
      kind: 'ledger' as const,
      at: iso(row.created_at),
      event: row.event,
      entries: [],
    };
    entry.entries.push({ account: row.account_id, amount: formatAmount(row.amount) });
    byId.set(id, entry);
  }
  return [...byId.values()];
}
