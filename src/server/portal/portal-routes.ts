/**
 * The merchant portal's screens under /merchant/api, behind the portal session (portal-auth.ts).
 * The merchant is always the session's (`c.var.merchantUid`), never the request's: an order, key
 * or user of another merchant is answered 404 as if it did not exist. Changes go through the
 * domain commands the operator uses, with the user's e-mail address as the audit log's actor.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { PortalSettings } from '../../shared/portal-views.js';
import type { AppDeps } from '../app-deps.js';
import { searchOrders } from '../console/order-search.js';
import { writeCsv } from '../csv/write-csv.js';
import { AppError, invalidField, notFound } from '../errors.js';
import { nonPublicHost } from '../gateway/order-request.js';
import { success } from '../http/envelope.js';
import type { PortalEnv } from '../http/portal-env.js';
import { takeOrRefuse } from '../http/rate-limiter.js';
import { balanceOf, ledgerLinesBetween, recentLedgerEntries } from '../ledger/ledger.js';
import { listKeys } from '../merchants/api-key-store.js';
import { issueKey } from '../merchants/commands/issue-key.js';
import { revokeKey } from '../merchants/commands/revoke-key.js';
import { updateMerchant } from '../merchants/commands/update-merchant.js';
import type { Merchant } from '../merchants/merchant.js';
import { findMerchant } from '../merchants/merchant-store.js';
import { resendCallback } from '../notify/commands/resend-callback.js';
import { orderCallbacks, resentRow } from '../notify/order-callbacks.js';
import { findOrder, findOrders } from '../orders/order-store.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { removeUser } from './commands/remove-user.js';
import { answerInvitation } from './invitation-answer.js';
import { listUsers } from './merchant-user-store.js';
import { userView } from './merchant-users.js';
import {
  PORTAL_BALANCE,
  PORTAL_CREATE_KEY,
  PORTAL_INVITE,
  PORTAL_KEYS,
  PORTAL_ORDER,
  PORTAL_ORDER_CALLBACKS,
  PORTAL_ORDERS,
  PORTAL_REMOVE_USER,
  PORTAL_RESEND_CALLBACK,
  PORTAL_RESEND_FAILED,
  PORTAL_REVOKE_KEY,
  PORTAL_SETTINGS,
  PORTAL_STATEMENT,
  PORTAL_TEAM,
  PORTAL_TEST_CALLBACK,
  PORTAL_UPDATE_SETTINGS,
} from './portal-data-api.js';
import { portalOrderDetail } from './portal-story.js';
import { sendTestCallback, TEST_CALLBACK_LIMIT } from './test-callback.js';

/** How many orders one "resend all failed" may queue. */
export const RESEND_FAILED_MAX = 500;
/** The longest statement: about a quarter. */
const STATEMENT_MAX_DAYS = 92;
const IST = '+05:30';

function settingsView(merchant: Merchant): PortalSettings {
  return {
    name: merchant.name,
    callback_statuses: merchant.callback_statuses,
    embed_origins: [...merchant.embed_origins],
    support_contact: merchant.support_contact,
    brand_color: merchant.brand_color,
    default_notify_url: merchant.default_notify_url,
    redirect_origins: [...merchant.redirect_origins],
  };
}

export function portalRoutes(deps: AppDeps) {
  const app = new Hono<PortalEnv>();
  const { db } = deps;

  /** The session merchant's order, or 404 (another merchant's order does not exist here). */
  const ownOrder = async (merchantUid: string, paymentUid: string) => {
    const order = await findOrder(db, paymentUid);
    if (!order || order.merchant_uid !== merchantUid) throw notFound('payment_uid: no such order');
    return order;
  };
  const ownMerchant = async (merchantUid: string) => {
    const merchant = await findMerchant(db, merchantUid);
    if (!merchant) throw notFound('merchant: no longer exists');
    return merchant;
  };

  PORTAL_ORDERS.register(app, async (c) => {
    const page = await searchOrders(db, { ...c.req.valid('query'), merchant_uid: c.var.merchantUid });
    return success(c, {
      // The portal's rows as they were: the operator's credit facts stay in the console.
      orders: page.orders.map(
        ({
          merchant_uid: _uid,
          merchant_name: _name,
          claimed_utrs: _utrs,
          credit_payer_name: _payer,
          ...row
        }) => row,
      ),
      next_cursor: page.next_cursor,
    });
  });

  PORTAL_ORDER.register(app, async (c) => {
    const order = await ownOrder(c.var.merchantUid, c.req.valid('param').payment_uid);
    return success(c, await portalOrderDetail(db, order));
  });

  PORTAL_ORDER_CALLBACKS.register(app, async (c) => {
    const order = await ownOrder(c.var.merchantUid, c.req.valid('param').payment_uid);
    return success(c, await orderCallbacks(db, order));
  });

  PORTAL_RESEND_CALLBACK.register(app, async (c) => {
    const order = await ownOrder(c.var.merchantUid, c.req.valid('param').payment_uid);
    const result = await resendCallback(deps, {
      paymentUid: order.payment_uid,
      note: '',
      actor: c.var.userEmail,
    });
    return success(c, resentRow(result));
  });

  PORTAL_RESEND_FAILED.register(app, async (c) => {
    const since = new Date(c.req.valid('json').since);
    const failing = await findOrders(db, {
      q: '',
      amount: undefined,
      merchantUid: c.var.merchantUid,
      kind: '',
      statuses: [],
      failingCallbacks: true,
      from: since,
      to: undefined,
      before: undefined,
      limit: RESEND_FAILED_MAX,
    });
    const resent: string[] = [];
    let skipped = 0;
    // One transaction (and audit row) per order, as a resend of one: a failure leaves the others sent.
    for (const order of failing) {
      const result = await resendCallback(deps, {
        paymentUid: order.payment_uid,
        note: 'resend all failed',
        actor: c.var.userEmail,
      });
      if (result.kind === 'queued') resent.push(order.payment_uid);
      else skipped++;
    }
    return success(c, { resent, skipped });
  });

  const limitTestCallbacks = takeOrRefuse(
    storeRateLimiter(db, 'portal_test_callback', TEST_CALLBACK_LIMIT),
    deps.clock,
    'test callback: too many, try again later',
  );
  PORTAL_TEST_CALLBACK.register(app, async (c) => {
    const merchant = await ownMerchant(c.var.merchantUid);
    const url = c.req.valid('json').notify_url ?? merchant.default_notify_url;
    if (!url) {
      throw new AppError(
        ERROR_CODES.noNotifyUrl,
        'notify_url: name one, or set a default notify URL in the settings',
      );
    }
    await limitTestCallbacks(merchant.uid);
    const result = await sendTestCallback(deps, merchant, url);
    if (result.kind === 'no_key') {
      throw new AppError(ERROR_CODES.invalidTransition, 'api_key: no active key to sign with');
    }
    return success(c, result.outcome);
  });

  PORTAL_BALANCE.register(app, async (c) => {
    const uid = c.var.merchantUid;
    const [balance, lines] = await Promise.all([
      balanceOf(db, uid),
      recentLedgerEntries(db, uid, c.req.valid('query').limit),
    ]);
    return success(c, {
      available: formatAmount(balance.available),
      held: formatAmount(balance.held),
      pending: formatAmount(balance.pending),
      frozen: formatAmount(balance.frozen),
      lines,
    });
  });

  PORTAL_STATEMENT.register(app, async (c) => {
    const { from, to } = c.req.valid('query');
    const start = new Date(`${from}T00:00:00${IST}`);
    const endDay = new Date(`${to}T00:00:00${IST}`);
    if (Number.isNaN(start.getTime())) throw invalidField('from', 'not a day of the calendar');
    if (Number.isNaN(endDay.getTime())) throw invalidField('to', 'not a day of the calendar');
    const days = (endDay.getTime() - start.getTime()) / 86_400_000 + 1;
    if (days < 1) throw invalidField('to', 'must be the same day as from or later');
    if (days > STATEMENT_MAX_DAYS) throw invalidField('to', `at most ${STATEMENT_MAX_DAYS} days after from`);
    const end = new Date(endDay.getTime() + 86_400_000);
    const lines = await ledgerLinesBetween(db, c.var.merchantUid, start, end);
    const csv = writeCsv([
      ['created_at', 'account', 'event', 'amount', 'payment_uid'],
      ...lines.map((line) => [line.created_at, line.account, line.event, line.amount, line.payment_uid]),
    ]);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statement-${from}-${to}.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  PORTAL_KEYS.register(app, async (c) => {
    const keys = await listKeys(db, c.var.merchantUid);
    return success(
      c,
      keys.map((key) => ({
        api_key: key.key,
        status: key.status,
        created_at: key.created_at.toISOString(),
        revoked_at: key.revoked_at?.toISOString() ?? null,
      })),
    );
  });

  PORTAL_CREATE_KEY.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const issued = await issueKey(deps, { merchantUid: c.var.merchantUid, note, actor: c.var.userEmail });
    if (!issued) throw notFound('merchant: no longer exists');
    c.header('Cache-Control', 'no-store');
    return success(c, issued, 201);
  });

  PORTAL_REVOKE_KEY.register(app, async (c) => {
    const { key } = c.req.valid('param');
    const revoked = await revokeKey(deps, {
      merchantUid: c.var.merchantUid,
      apiKey: key,
      note: '',
      actor: c.var.userEmail,
      keepOne: true,
    });
    if (revoked === 'only_key') {
      throw new AppError(
        ERROR_CODES.invalidTransition,
        'api_key: the only active key; create another and move to it first',
      );
    }
    if (revoked !== 'revoked') throw notFound('api_key: no such active key');
    return success(c, { api_key: key, status: 'revoked' as const });
  });

  PORTAL_SETTINGS.register(app, async (c) => success(c, settingsView(await ownMerchant(c.var.merchantUid))));

  PORTAL_UPDATE_SETTINGS.register(app, async (c) => {
    const changes = c.req.valid('json');
    // The default is called back like an order's own notify_url: a public host unless allowed.
    const privateKind = deps.config.allowPrivateCallbacks
      ? undefined
      : nonPublicHost(changes.default_notify_url ?? '');
    if (privateKind) {
      throw invalidField(
        'default_notify_url',
        `its host is a ${privateKind} address; only public hosts are allowed`,
      );
    }
    const updated = await updateMerchant(deps, {
      uid: c.var.merchantUid,
      changes,
      note: '',
      actor: c.var.userEmail,
    });
    if (!updated) throw notFound('merchant: no longer exists');
    return success(c, settingsView(updated));
  });

  PORTAL_TEAM.register(app, async (c) => success(c, (await listUsers(db, c.var.merchantUid)).map(userView)));

  PORTAL_INVITE.register(app, async (c) => {
    const input = { merchantUid: c.var.merchantUid, ...c.req.valid('json'), actor: c.var.userEmail };
    return answerInvitation(c, deps, input, 'merchant: no longer exists');
  });

  PORTAL_REMOVE_USER.register(app, async (c) => {
    const { user_id: userId } = c.req.valid('param');
    if (userId === c.var.userId) {
      throw new AppError(
        ERROR_CODES.invalidTransition,
        'user_id: you cannot remove yourself; ask a colleague',
      );
    }
    const removed = await removeUser(deps, {
      merchantUid: c.var.merchantUid,
      userId,
      actor: c.var.userEmail,
    });
    if (!removed) throw notFound('user_id: no such user');
    return success(c, userView(removed));
  });

  return app;
}
