/**
 * What the console's header search answers (GET /operator/api/search): the orders and the credits
 * the term finds, each group newest first, as the order search and the credit list show them.
 * Written with `zod/mini`, as console-views.ts.
 */
import * as z from 'zod/mini';
import { OrderListRowSchema } from './console-views.js';
import { ListedCreditSchema } from './credit-views.js';

export const SearchResultsSchema = z.object({
  orders: z.array(OrderListRowSchema),
  credits: z.array(ListedCreditSchema),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
