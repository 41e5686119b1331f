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
import { apiRoute } from '../http/api-route.js';
import { limitField, MerchantParams, OrderParams } from '../http/request-fields.js';
import { ConsoleSearchSchema } from './console-search.js';
import { OrderSearchSchema } from './order-search.js';

export const SignInSchema = z.object({ token: z.string().min(1).max(200) }).meta({ id: 'ConsoleSignIn' });

export const TODAY = apiRoute({
  id: 'todaySummary',
  method: 'get',
  path: '/summary/today',
  tag: 'operator',
  auth: 'operator',
  summary: "Today's figures since midnight IST",
  answers: { 200: { description: 'Counts and amounts', data: TodaySummarySchema } },
  errors: [],
});

export const ATTENTION = apiRoute({
  id: 'needsAttention',
  method: 'get',
  path: '/attention',
  tag: 'operator',
  auth: 'operator',
  summary: 'Every case that needs an operator, by kind, with its reason and what it concerns',
  description:
    'Conflicting credits and texts, credits a statement contradicted (frozen), unparsed and suspect texts, payers at the UTR limit, claims with no credit after CLAIM_ATTENTION_MINUTES, failing callbacks, payouts with no debit or reversed. Up to 50 items of each kind, newest first, and the count of each kind.',
  answers: { 200: { description: 'Counts per kind and the items', data: AttentionSchema } },
  errors: [],
});

export const ORDER_SEARCH = apiRoute({
  id: 'searchOrders',
  method: 'get',
  path: '/order-search',
  tag: 'operator',
  auth: 'operator',
  summary: 'Orders newest first, 1-200 per page',
  query: OrderSearchSchema,
  answers: { 200: { description: 'A page of orders and the next cursor', data: OrderPageSchema } },
  errors: [],
});

export const CONSOLE_SEARCH = apiRoute({
  id: 'consoleSearch',
  method: 'get',
  path: '/search',
  tag: 'operator',
  auth: 'operator',
  summary: 'The orders and the credits a term finds, up to 50 of each, newest first',
  description:
    "The term is a payment_uid, merchant_order_id or UTR, whole or by its first 8 or more characters, the beginning of a payer name or VPA (the order's or its credit's, any case), or an amount as 1,499.00, 1499, 1499.0 or ₹1,499.",
  query: ConsoleSearchSchema,
  answers: { 200: { description: 'Orders and credits', data: SearchResultsSchema } },
  errors: [],
});

export const ORDER_TIMELINE = apiRoute({
  id: 'orderTimeline',
  method: 'get',
  path: '/orders/:payment_uid/timeline',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary:
    "An order's timeline: creation, claims, credits, status changes, ledger postings, callbacks and attempts",
  answers: { 200: { description: 'The order and its events in time order', data: TimelineSchema } },
  errors: [404],
});

export const MERCHANT_BLACKLIST = apiRoute({
  id: 'merchantBlacklist',
  method: 'get',
  path: '/merchants/:uid/blacklist',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: "A merchant's blacklisted payer names",
  answers: { 200: { description: 'Entries', data: BlacklistSchema } },
  errors: [404],
});

export const MERCHANT_LEDGER = apiRoute({
  id: 'merchantLedger',
  method: 'get',
  path: '/merchants/:uid/ledger',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: "Recent ledger entries of the merchant's accounts",
  query: z.object({ limit: limitField(200, 20) }),
  answers: { 200: { description: 'Entries, newest first', data: LedgerLinesSchema } },
  errors: [404],
});

export const SIGN_IN = apiRoute({
  id: 'signIn',
  method: 'post',
  path: '/session',
  tag: 'console',
  auth: 'public',
  summary: 'Console sign-in with an operator token: sets the session cookie and answers the CSRF token',
  description: 'Same-origin only; failed attempts are limited per client.',
  body: SignInSchema,
  answers: {
    201: { description: 'Signed in', data: SignedInSchema, headers: { 'Set-Cookie': 'The session cookie' } },
  },
  errors: [401, 403, 429],
});

export const SESSION = apiRoute({
  id: 'session',
  method: 'get',
  path: '/session',
  tag: 'console',
  auth: 'public',
  summary: 'The current console session (signed_in false without one)',
  answers: { 200: { description: 'The session', data: SessionViewSchema } },
  errors: [],
});

export const SIGN_OUT = apiRoute({
  id: 'signOut',
  method: 'delete',
  path: '/session',
  tag: 'console',
  auth: 'public',
  summary: 'Sign out (X-CSRF-Token required with a session)',
  answers: { 200: { description: 'Signed out', data: SignedOutSchema } },
  errors: [403],
});
