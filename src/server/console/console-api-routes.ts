/**
 * Operator API endpoints the console needs beyond the CLI's (mounted under /operator/api, so a
 * bearer token works as well as a console session): Today's figures, order search with paging,
 * the header search (orders and credits), an order's timeline, merchant settings, blacklist and
 * recent ledger entries.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { recentLedgerEntries } from '../ledger/ledger.js';
import { listBlacklist } from '../merchants/blacklist-store.js';
import { findMerchant } from '../merchants/merchant-store.js';
import { findOrder } from '../orders/order-store.js';
import { needsAttention } from './attention/needs-attention.js';
import {
  ATTENTION,
  CONSOLE_SEARCH,
  MERCHANT_BLACKLIST,
  MERCHANT_LEDGER,
  ORDER_SEARCH,
  ORDER_TIMELINE,
  TODAY,
} from './console-api.js';
import { searchConsole } from './console-search.js';
import { searchOrders } from './order-search.js';
import { orderTimeline } from './order-timeline.js';
import { todaySummary } from './today-summary.js';

/** Items of each kind the Needs attention queue lists (the counts cover them all). */
const ATTENTION_ITEMS = 50;

export function consoleApiRoutes(deps: AppDeps) {
  const app = new Hono<OperatorEnv>();
  const { db, clock } = deps;

  const attentionContext = () => ({ now: clock.now(), config: deps.config, limit: ATTENTION_ITEMS });

  TODAY.register(app, async (c) => success(c, await todaySummary(db, attentionContext())));

  ATTENTION.register(app, async (c) => success(c, await needsAttention(db, attentionContext())));

  ORDER_SEARCH.register(app, async (c) => success(c, await searchOrders(db, c.req.valid('query'))));

  CONSOLE_SEARCH.register(app, async (c) => success(c, await searchConsole(db, c.req.valid('query'))));

  ORDER_TIMELINE.register(app, async (c) => {
    const order = await findOrder(db, c.req.valid('param').payment_uid);
    if (!order) throw notFound('payment_uid: no such order');
    return success(c, await orderTimeline(db, order));
  });

  MERCHANT_BLACKLIST.register(app, async (c) => {
    const { uid } = c.req.valid('param');
    if (!(await findMerchant(db, uid))) throw notFound('merchant_uid: no such merchant');
    return success(c, await listBlacklist(db, uid));
  });

  MERCHANT_LEDGER.register(app, async (c) => {
    const { uid } = c.req.valid('param');
    if (!(await findMerchant(db, uid))) throw notFound('merchant_uid: no such merchant');
    return success(c, await recentLedgerEntries(db, uid, c.req.valid('query').limit));
  });

  return app;
}
