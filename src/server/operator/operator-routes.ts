/**
 * The operator API (docs/decisions/0002-open-points.md, Operator API), behind the bearer token: merchants and keys, bank credits
 * and statements, blacklists, payout outcomes and refunds, orders and their history.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { claimsOf } from '../credits/claim-store.js';
import { confirmCredit } from '../credits/commands/confirm-credit.js';
import { postCredit } from '../credits/commands/post-credit.js';
import { receiptOf } from '../credits/credit-receipt.js';
import { listLostClaims } from '../credits/lost-claim-store.js';
import type { ReceiveResult } from '../credits/receive-credit.js';
import { AppError, invalidField, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { balanceOf } from '../ledger/ledger.js';
import { setOrderStatus } from '../lifecycle/commands/set-order-status.js';
import { listKeys } from '../merchants/api-key-store.js';
import { blacklistPayer, unlistPayer } from '../merchants/commands/blacklist-payer.js';
import { createMerchant } from '../merchants/commands/create-merchant.js';
import { issueKey } from '../merchants/commands/issue-key.js';
import { revokeKey } from '../merchants/commands/revoke-key.js';
import { setMerchantStatus } from '../merchants/commands/set-merchant-status.js';
import { updateMerchant } from '../merchants/commands/update-merchant.js';
import type { Merchant } from '../merchants/merchant.js';
import { refuseUnusablePayoutChannel } from '../merchants/merchant-changes.js';
import { findMerchant, listMerchants } from '../merchants/merchant-store.js';
import { merchantDetail, merchantView } from '../merchants/merchant-view.js';
import { findOrder, listOrders, orderHistory } from '../orders/order-store.js';
import { queryView } from '../orders/order-views.js';
import {
  ADD_TO_BLACKLIST,
  CONFIRM_CREDIT,
  CREATE_MERCHANT,
  DISABLE_MERCHANT,
  ENABLE_MERCHANT,
  ISSUE_KEY,
  LIST_MERCHANTS,
  LIST_ORDERS,
  LOST_CLAIMS,
  POST_CREDIT,
  REMOVE_FROM_BLACKLIST,
  REVOKE_KEY,
  SET_ORDER_STATUS,
  SHOW_MERCHANT,
  SHOW_ORDER,
  UPDATE_MERCHANT,
} from './operator-api.js';

/** The store's defaults for a merchant's limits, in paise (migration 1). */
const DEFAULT_LIMITS = {
  upi: { min: 100, max: 10_000_000 },
  imps: { min: 100, max: 50_000_000 },
} as const;

export function operatorRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;
  const requireMerchant = async (uid: string): Promise<Merchant> => {
    const merchant = await findMerchant(db, uid);
    if (!merchant) throw notFound('merchant_uid: no such merchant');
    return merchant;
  };

  CREATE_MERCHANT.register(app, async (c) => {
    const input = c.req.valid('json');
    const paise = (text: string | undefined) => (text === undefined ? undefined : parseAmount(text));
    for (const [payterm, given, defaults] of [
      ['upi', { min: input.upi_min, max: input.upi_max }, DEFAULT_LIMITS.upi],
      ['imps', { min: input.imps_min, max: input.imps_max }, DEFAULT_LIMITS.imps],
    ] as const) {
      const min = paise(given.min) ?? defaults.min;
      const max = paise(given.max) ?? defaults.max;
      if (min > max)
        throw invalidField(`${payterm}_min`, `must not be above ${payterm}_max (${formatAmount(max)})`);
    }
    refuseUnusablePayoutChannel(
      {
        payout_channel: input.payout_channel ?? null,
        imps_account: input.imps_account ?? '',
        imps_ifsc: input.imps_ifsc ?? '',
      },
      deps.config,
    );
    const created = await createMerchant(deps, {
      merchant: {
        ...input,
        upi_min: paise(input.upi_min),
        upi_max: paise(input.upi_max),
        imps_min: paise(input.imps_min),
        imps_max: paise(input.imps_max),
      },
      note: input.note ?? '',
      actor: c.var.operatorName,
    });
    deps.log.info('merchant created', { merchant_uid: created.merchant.uid });
    return success(c, created, 201);
  });

  LIST_MERCHANTS.register(app, async (c) => success(c, (await listMerchants(db)).map(merchantView)));

  SHOW_MERCHANT.register(app, async (c) => {
    const merchant = await requireMerchant(c.req.valid('param').uid);
    const [keys, balance] = await Promise.all([listKeys(db, merchant.uid), balanceOf(db, merchant.uid)]);
    return success(c, merchantDetail(merchant, keys, balance));
  });

  UPDATE_MERCHANT.register(app, async (c) => {
    const input = c.req.valid('json');
    const merchant = await updateMerchant(deps, {
      uid: c.req.valid('param').uid,
      changes: input,
      note: input.note ?? '',
      actor: c.var.operatorName,
    });
    if (!merchant) throw notFound('merchant_uid: no such merchant');
    deps.log.info('merchant updated', { merchant_uid: merchant.uid, fields: Object.keys(input) });
    return success(c, merchantView(merchant));
  });

  ISSUE_KEY.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const issued = await issueKey(deps, {
      merchantUid: c.req.valid('param').uid,
      note,
      actor: c.var.operatorName,
    });
    if (!issued) throw notFound('merchant_uid: no such merchant');
    return success(c, issued, 201);
  });

  REVOKE_KEY.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const { uid, key: apiKey } = c.req.valid('param');
    const revoked = await revokeKey(deps, { merchantUid: uid, apiKey, note, actor: c.var.operatorName });
    if (revoked === 'no_merchant') throw notFound('merchant_uid: no such merchant');
    if (revoked === 'no_key') throw notFound('api_key: no such active key for this merchant');
    return success(c, { api_key: apiKey, status: 'revoked' });
  });

  for (const [status, route] of [
    ['disabled', DISABLE_MERCHANT],
    ['active', ENABLE_MERCHANT],
  ] as const) {
    route.register(app, async (c) => {
      const { note } = c.req.valid('json');
      const merchant = await setMerchantStatus(deps, {
        merchantUid: c.req.valid('param').uid,
        status,
        note,
        actor: c.var.operatorName,
      });
      if (!merchant) throw notFound('merchant_uid: no such merchant');
      return success(c, merchantView(merchant));
    });
  }

  ADD_TO_BLACKLIST.register(app, async (c) => {
    const { from_name, note } = c.req.valid('json');
    const merchantUid = c.req.valid('param').uid;
    const listed = await blacklistPayer(deps, {
      merchantUid,
      fromName: from_name,
      note: note ?? '',
      actor: c.var.operatorName,
    });
    if (!listed) throw notFound('merchant_uid: no such merchant');
    return success(c, { merchant_uid: merchantUid, from_name }, 201);
  });

  REMOVE_FROM_BLACKLIST.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const { uid, from_name: fromName } = c.req.valid('param');
    const removed = await unlistPayer(deps, { merchantUid: uid, fromName, note, actor: c.var.operatorName });
    if (removed === 'no_merchant') throw notFound('merchant_uid: no such merchant');
    if (removed === 'not_listed') throw notFound('from_name: not on the blacklist');
    return success(c, { removed: true });
  });

  POST_CREDIT.register(app, async (c) => {
    const input = c.req.valid('json');
    const { utr, amount } = input;
    const result = await postCredit(deps, {
      utr,
      amount,
      payee: input.payee ?? '',
      payerName: input.payer_name ?? '',
      creditedAt: input.credited_at ? new Date(input.credited_at) : undefined,
      actor: c.var.operatorName,
      note: input.note ?? '',
    });
    if (result.kind === 'conflict') {
      throw new AppError(ERROR_CODES.utrUsed, 'utr: a different credit with this UTR exists');
    }
    return success(c, creditOutcome(result), result.kind === 'duplicate' ? 200 : 201);
  });

  /** The operator says whose a waiting credit is, when the service could not tell (no payee). */
  CONFIRM_CREDIT.register(app, async (c) => {
    const { payment_uid, note } = c.req.valid('json');
    const { utr } = c.req.valid('param');
    const result = await confirmCredit(deps, {
      utr,
      paymentUid: payment_uid,
      actor: c.var.operatorName,
      note: note ?? '',
    });
    switch (result.kind) {
      case 'no_credit':
        throw notFound('utr: no credit with this UTR');
      case 'no_order':
        throw notFound('payment_uid: no such collection order');
      case 'claimed_by_another':
        throw new AppError(ERROR_CODES.utrUsed, `utr: claimed by order ${result.paymentUid}`);
      case 'refused':
        throw new AppError(ERROR_CODES.invalidTransition, `utr: ${result.reason}`);
      case 'matched':
        return success(c, {
          utr,
          outcome: result.outcome,
          payment_uid: result.order.payment_uid,
          payment_status: result.order.payment_status,
        });
    }
  });

  /** Claims that lost (UTR held by another order, credit paid to another account), with both orders. */
  LOST_CLAIMS.register(app, async (c) => {
    const query = c.req.valid('query');
    const rows = await listLostClaims(db, {
      utr: query.utr ?? '',
      paymentUid: query.payment_uid ?? '',
      limit: query.limit,
    });
    return success(c, rows);
  });

  LIST_ORDERS.register(app, async (c) => {
    const query = c.req.valid('query');
    const rows = await listOrders(db, {
      merchantUid: query.merchant_uid ?? '',
      status: query.status ?? '',
      limit: query.limit,
    });
    return success(
      c,
      rows.map((order) => queryView(order, '', deps.config.publicBaseUrl)),
    );
  });

  SHOW_ORDER.register(app, async (c) => {
    const order = await findOrder(db, c.req.valid('param').payment_uid);
    if (!order) throw notFound('payment_uid: no such order');
    const merchant = await requireMerchant(order.merchant_uid);
    const [history, claims] = await Promise.all([
      orderHistory(db, order.payment_uid),
      claimsOf(db, order.payment_uid),
    ]);
    return success(c, {
      ...queryView(order, merchant.name, deps.config.publicBaseUrl),
      history,
      utr_claims: claims.map(({ utr, claimed_at }) => ({ utr, claimed_at })),
    });
  });

  SET_ORDER_STATUS.register(app, async (c) => {
    const input = c.req.valid('json');
    const result = await setOrderStatus(deps, {
      paymentUid: c.req.valid('param').payment_uid,
      status: input.status,
      reason: input.reason,
      note: input.note,
      actor: c.var.operatorName,
    });
    if (result.kind === 'no_order') throw notFound('payment_uid: no such order');
    if (result.kind === 'refused') throw new AppError(ERROR_CODES.invalidTransition, result.details);
    return success(c, queryView(result.order, '', deps.config.publicBaseUrl));
  });

  return app;
}

function creditOutcome(result: ReceiveResult) {
  return { utr: result.credit.utr, amount: formatAmount(result.credit.amount), ...receiptOf(result) };
}
