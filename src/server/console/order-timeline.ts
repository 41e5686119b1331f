/**
 * An order's whole story in time order: creation, status changes, UTR claims (with the client
 * address), bank credits, ledger postings with their entries, callbacks and every attempt.
 */
import type { TimelineEntry } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';

const iso = (value: Date | string) => new Date(value).toISOString();
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
    db.query<{
      seq: number;
      from_status: string | null;
      to_status: string;
      cause: string;
      detail: string;
      at: Date;
    }>(
      'SELECT seq, from_status, to_status, cause, detail, at FROM order_events WHERE payment_uid = $1 ORDER BY seq',
      [uid],
    ),
    db.query<{ utr: string; client_ip: string; claimed_at: Date }>(
      'SELECT utr, client_ip, claimed_at FROM utr_claims WHERE payment_uid = $1',
      [uid],
    ),
    db.query<{
      utr: string;
      amount: number;
      payer_name: string;
      source: string;
      payment_uid: string | null;
      created_at: Date;
    }>(
      `SELECT utr, amount, payer_name, source, payment_uid, created_at FROM bank_credits
       WHERE payment_uid = $1 OR utr IN (SELECT utr FROM utr_claims WHERE payment_uid = $1)`,
      [uid],
    ),
    db.query<{ id: number; event: string; created_at: Date; account_id: string; amount: number }>(
      `SELECT p.id, p.event, p.created_at, e.account_id, e.amount FROM ledger_postings p
       JOIN ledger_entries e ON e.posting_id = p.id WHERE p.payment_uid = $1 ORDER BY p.id, e.id`,
      [uid],
    ),
    db.query<{
      id: number;
      payment_status: string;
      state: string;
      attempts: number;
      last_error: string;
      created_at: Date;
    }>(
      'SELECT id, payment_status, state, attempts, last_error, created_at FROM outbox WHERE payment_uid = $1',
      [uid],
    ),
    db.query<{
      outbox_id: number;
      attempt: number;
      payment_status: string;
      started_at: Date;
      http_status: number | null;
      latency_ms: number;
      response_snippet: string;
      error: string;
    }>(
      `SELECT outbox_id, attempt, payment_status, started_at, http_status, latency_ms, response_snippet, error
       FROM callback_attempts WHERE payment_uid = $1`,
      [uid],
    ),
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
      amount: formatAmount(Number(credit.amount)),
      payer_name: credit.payer_name,
      source: credit.source,
      matched: credit.payment_uid === uid,
    })),
    ...groupPostings(postings),
    ...outbox.map((row) => ({
      kind: 'callback' as const,
      at: iso(row.created_at),
      outbox_id: Number(row.id),
      payment_status: row.payment_status,
      state: row.state,
      attempts: row.attempts,
      last_error: row.last_error,
    })),
    ...attempts.map((row) => ({
      kind: 'attempt' as const,
      at: iso(row.started_at),
      outbox_id: Number(row.outbox_id),
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

function groupPostings(
  rows: { id: number; event: string; created_at: Date; account_id: string; amount: number }[],
) {
  const byId = new Map<number, Extract<TimelineEntry, { kind: 'ledger' }>>();
  for (const row of rows) {
    const id = Number(row.id);
    const entry = byId.get(id) ?? {
      kind: 'ledger' as const,
      at: iso(row.created_at),
      event: row.event,
      entries: [],
    };
    entry.entries.push({ account: row.account_id, amount: formatAmount(Number(row.amount)) });
    byId.set(id, entry);
  }
  return [...byId.values()];
}
