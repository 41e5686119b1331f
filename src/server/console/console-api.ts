/** The console's routes as they describe themselves: its operator endpoints and the session. */
import { z } from 'zod';
import { AttentionSchema } from '../../shared/attention-views.js';
import {
  LedgerLinesSchema,
  OrderPageSchema,
  TimelineSchema,
  TodaySummarySchema,
} from '../../shared/console-views.js';
import { BlacklistSchema } from '../../shared/merchant-answers.js';
import { SearchResultsSchema } from '../../shared/search-views.js';
import { SessionViewSchema, SignedInSchema, SignedOutSchema } from '../../shared/session-view.js';
import { limitField } from '../http/request-fields.js';
import { ok, operatorApi, routeGroup } from '../http/route-group.js';
import { ConsoleSearchSchema } from './console-search.js';
import { OrderSearchSchema } from './order-search.js';

export const SignInSchema = z.object({ token: z.string().min(1).max(200) }).meta({ id: 'ConsoleSignIn' });

export const TODAY = operatorApi.get('/summary/today', 'todaySummary', {
  summary: "Today's figures since midnight IST",
  answers: ok('Counts and amounts', TodaySummarySchema),
});

export const ATTENTION = operatorApi.get('/attention', 'needsAttention', {
  summary: 'Every case that needs an operator, by kind, with its reason and what it concerns',
  description:
    'Conflicting credits and texts, credits a statement contradicted (frozen), unparsed and suspect texts, payers at the UTR limit, claims with no credit after CLAIM_ATTENTION_MINUTES, failing callbacks, payouts with no debit or reversed. Up to 50 items of each kind, newest first, and the count of each kind.',
  answers: ok('Counts per kind and the items', AttentionSchema),
});

export const ORDER_SEARCH = operatorApi.get('/order-search', 'searchOrders', {
  summary: 'Orders newest first, 1-200 per page',
  query: OrderSearchSchema,
  answers: ok('A page of orders and the next cursor', OrderPageSchema),
});

export const CONSOLE_SEARCH = operatorApi.get('/search', 'consoleSearch', {
  summary: 'The orders and the credits a term finds, up to 50 of each, newest first',
  description:
    "The term is a payment_uid, merchant_order_id or UTR, whole or by its first 8 or more characters, the beginning of a payer name or VPA (the order's or its credit's, any case), or an amount as 1,499.00, 1499, 1499.0 or ₹1,499.",
  query: ConsoleSearchSchema,
  answers: ok('Orders and credits', SearchResultsSchema),
});

export const ORDER_TIMELINE = operatorApi.get('/orders/:payment_uid/timeline', 'orderTimeline', {
  summary:
    "An order's timeline: creation, claims, credits, status changes, ledger postings, callbacks and attempts",
  answers: ok('The order and its events in time order', TimelineSchema),
});

export const MERCHANT_BLACKLIST = operatorApi.get('/merchants/:uid/blacklist', 'merchantBlacklist', {
  summary: "A merchant's blacklisted payer names",
  answers: ok('Entries', BlacklistSchema),
});

export const MERCHANT_LEDGER = operatorApi.get('/merchants/:uid/ledger', 'merchantLedger', {
  summary: "Recent ledger entries of the merchant's accounts",
  query: z.object({ limit: limitField(200, 20) }),
  answers: ok('Entries, newest first', LedgerLinesSchema),
});

/** The console's session: sign-in, the session, sign-out (under /console/api). */
const sessionApi = routeGroup('console', 'public');

export const SIGN_IN = sessionApi.post('/session', 'signIn', {
  summary: 'Console sign-in with an operator token: sets the session cookie and answers the CSRF token',
  description: 'Same-origin only; failed attempts are limited per client.',
  body: SignInSchema,
  answers: {
    201: { description: 'Signed in', data: SignedInSchema, headers: { 'Set-Cookie': 'The session cookie' } },
  },
  errors: [401, 403, 429],
});

export const SESSION = sessionApi.get('/session', 'session', {
  summary: 'The current console session (signed_in false without one)',
  answers: ok('The session', SessionViewSchema),
});

export const SIGN_OUT = sessionApi.delete('/session', 'signOut', {
  summary: 'Sign out (X-CSRF-Token required with a session)',
  answers: ok('Signed out', SignedOutSchema),
  errors: [403],
});
