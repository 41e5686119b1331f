/**
 * What the portal shows of an order: its own fields, and the operator's timeline
 * (console/order-timeline.ts) without what is the operators' own: the payer's and client
 * addresses, credit sources, bank credits not matched to the order, the details of status
 * changes, and the bank's side of ledger postings.
 */
import type { PortalOrderDetail, PortalStoryEntry } from '../../shared/portal-views.js';
import { orderTimeline } from '../console/order-timeline.js';
import { MERCHANT_ACCOUNT_KINDS, merchantAccount } from '../ledger/ledger-accounts.js';
import type { Order } from '../orders/order.js';
import { orderListFields } from '../orders/order-views.js';
import type { Queryable } from '../store/db.js';

export async function portalOrderDetail(db: Queryable, order: Order): Promise<PortalOrderDetail> {
  const own = new Map(
    MERCHANT_ACCOUNT_KINDS.map((kind) => [merchantAccount(order.merchant_uid, kind), kind]),
  );
  const story: PortalStoryEntry[] = [];
  for (const entry of await orderTimeline(db, order)) {
    switch (entry.kind) {
      case 'created':
        story.push({ kind: 'created', at: entry.at, amount: entry.amount, payterm: entry.payterm });
        break;
      case 'status':
        story.push({
          kind: 'status',
          at: entry.at,
          seq: entry.seq,
          from: entry.from,
          to: entry.to,
          cause: entry.cause,
        });
        break;
      case 'claim':
        story.push({ kind: 'claim', at: entry.at, utr: entry.utr });
        break;
      case 'credit':
        if (entry.matched) {
          story.push({
            kind: 'credit',
            at: entry.at,
            utr: entry.utr,
            amount: entry.amount,
            payer_name: entry.payer_name,
          });
        }
        break;
      case 'ledger': {
        const entries = entry.entries.flatMap((line) => {
          const account = own.get(line.account);
          return account ? [{ account, amount: line.amount }] : [];
        });
        if (entries.length > 0) story.push({ kind: 'ledger', at: entry.at, event: entry.event, entries });
        break;
      }
      default:
        story.push(entry);
    }
  }
  return {
    order: {
      ...orderListFields(order),
      notify_url: order.notify_url,
      redirect_url: order.redirect_url,
      payment_fail_reason: order.payment_fail_reason,
      expires_at: order.expires_at?.toISOString() ?? '',
    },
    story,
  };
}
