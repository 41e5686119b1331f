/**
 * The console's header search: one term, from any screen, for the orders and the credits it
 * finds. The term is an identifier (payment_uid, merchant_order_id, UTR) whole or by its first
 * PARTIAL_ID_LENGTH or more characters, the beginning of a payer's name or VPA (the order's, or
 * its bank credit's), or an amount in any form the console shows (1,499.00, 1499, 1499.0, ₹1,499).
 * Every term is an index lookup (migrations 7 and 19), so the search costs the same at any size.
 */
import { z } from 'zod';
import type { OrderListRow } from '../../shared/console-views.js';
import { everyCredit, listCreditsAndTexts } from '../credits/credit-list.js';
import { searchCreditIds } from '../credits/credit-store.js';
import type { Queryable } from '../store/db.js';
import { likePrefix, PARTIAL_ID_LENGTH } from '../store/like-prefix.js';
import { searchedAmount, searchOrders } from './order-search.js';

export const ConsoleSearchSchema = z.object({
  q: z.string().trim().min(1, 'type what to look for').max(128),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type ConsoleSearch = z.infer<typeof ConsoleSearchSchema>;

/** The orders and the credits (as the credit list gives them, SearchResultsSchema once in JSON). */
export interface ConsoleSearchResults {
  readonly orders: OrderListRow[];
  readonly credits: Record<string, unknown>[];
}

export async function searchConsole(db: Queryable, search: ConsoleSearch): Promise<ConsoleSearchResults> {
  const term = search.q.replace(/^₹\s*/, '');
  const orders = await searchOrders(db, {
    q: search.q,
    merchant_uid: '',
    kind: '',
    status: '',
    callback: '',
    limit: search.limit,
  });
  const ids = await searchCreditIds(db, {
    text: term,
    utrPrefix: term.length >= PARTIAL_ID_LENGTH ? likePrefix(term) : undefined,
    amount: searchedAmount(search.q),
    limit: search.limit,
  });
  const credits =
    ids.length === 0
      ? []
      : await listCreditsAndTexts(db, ['matched', 'waiting', 'conflict'], {
          ...everyCredit(search.limit),
          ids,
        });
  return { orders: orders.orders, credits };
}
