/**
 * The operator API (docs/decisions/0002-open-points.md, Operator API), behind the bearer token: merchants and keys, bank credits
 * and statements, blacklists, payout outcomes and refunds, orders and their history.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import type { PayerReasonCode } from '../../shared/payer-reason.js';
import type { AppDeps } from '../app-deps.js';
import { writeAudit } from '../audit/audit-store.js';
import { payoutChannelFor } from '../channel/payout-channel-for.js';
import { claimsOf } from '../credits/claim-store.js';
import { findCreditByUtr } from '../credits/credit-store.js';
import { listLostClaims } from '../credits/lost-claim-store.js';
import { confirmCredit } from '../credits/matching/confirm-credit.js';
import { type PostCreditResult, postCredit } from '../credits/matching/post-credit.js';
import { withinTransaction } from '../credits/within-transaction.js';
import { AppError, invalidField, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { balanceOf } from '../ledger/ledger.js';
import { changeStatus } from '../lifecycle/change-status.js';
import { canTransition, pathTo, type StoredStatus } from '../lifecycle/transitions.js';
import { activeKeysOf } from '../merchants/active-keys.js';
import * as keyStore from '../merchants/api-key-store.js';
import * as blacklist from '../merchants/blacklist-store.js';
import type { Merchant } from '../merchants/merchant.js';
import * as merchants from '../merchants/merchant-store.js';
import { merchantDetail, merchantView } from '../merchants/merchant-view.js';
import { openMerchant } from '../merchants/open-merchant.js';
import type { Order } from '../orders/order.js';
import { findOrder, listOrders, lockOrder, orderHistory } from '../orders/order-store.js';
import { queryView } from '../orders/order-views.js';
import type { Queryable } from '../store/db.js';
import { updateMerchant } from './merchant-settings.js';
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
  const { db, clock } = deps;
  const keys = activeKeysOf(deps);
  const requireMerchant = async (uid: string): Promise<Merchant> => {
    const merchant = await merchants.findMerchant(db, uid);
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
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const merchant = await openMerchant(
        tx,
        {
          ...input,
          upi_min: paise(input.upi_min),
          upi_max: paise(input.upi_max),
          imps_min: paise(input.imps_min),
          imps_max: paise(input.imps_max),
        },
        clock.now(),
      );
      const key = await keyStore.issueKey(tx, deps.config.secretKey, merchant.uid, now);
      const view = merchantView(merchant);
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'merchant.create',
          subject: `merchant:${merchant.uid}`,
          // The key's secret is shown once to the operator and never written here.
          after: { ...view, api_key: key.api_key },
          note: input.note ?? '',
        },
        now,
      );
      return { merchant: view, ...key };
    });
    deps.log.info('merchant created', { merchant_uid: created.merchant.uid });
    return success(c, created, 201);
  });

  LIST_MERCHANTS.register(app, async (c) =>
    success(c, (await merchants.listMerchants(db)).map(merchantView)),
  );

  SHOW_MERCHANT.register(app, async (c) => {
    const merchant = await requireMerchant(c.req.valid('param').uid);
    const [keys, balance] = await Promise.all([
      keyStore.listKeys(db, merchant.uid),
      balanceOf(db, merchant.uid),
    ]);
    return success(c, merchantDetail(merchant, keys, balance));
  });

  UPDATE_MERCHANT.register(app, async (c) => {
    const input = c.req.valid('json');
    const now = clock.now();
    const { uid } = c.req.valid('param');
    const merchant = await db
      .transaction(async (tx) => {
        const current = await lockMerchant(tx, uid);
        const updated = await updateMerchant(tx, current, input, now);
        if (!updated) return undefined;
        if (
          input.payout_channel !== undefined ||
          input.imps_account !== undefined ||
          input.imps_ifsc !== undefined
        )
          refuseUnusablePayoutChannel(updated, deps.config);
        const { note, ...fields } = input;
        const changed = Object.keys(fields).filter(
          (field) => fields[field as keyof typeof fields] !== undefined,
        );
        const pick = (view: Record<string, unknown>) =>
          Object.fromEntries(changed.map((field) => [field, view[field] ?? null]));
        await writeAudit(
          tx,
          {
            actor: c.var.operatorName,
            action: 'merchant.update',
            subject: `merchant:${current.uid}`,
            before: pick(merchantView(current)),
            after: pick(merchantView(updated)),
            note: note ?? '',
          },
          now,
        );
        return updated;
      })
      .finally(() => keys.forgetMerchant(uid));
    if (!merchant) throw notFound('merchant_uid: no such merchant');
    deps.log.info('merchant updated', { merchant_uid: merchant.uid, fields: Object.keys(input) });
    return success(c, merchantView(merchant));
  });

  ISSUE_KEY.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const now = clock.now();
    const issued = await db.transaction(async (tx) => {
      const merchant = await lockMerchant(tx, c.req.valid('param').uid);
      const key = await keyStore.issueKey(tx, deps.config.secretKey, merchant.uid, now);
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'api_key.create',
          subject: `merchant:${merchant.uid}`,
          after: { api_key: key.api_key, status: 'active' },
          note,
        },
        now,
      );
      return key;
    });
    return success(c, issued, 201);
  });

  REVOKE_KEY.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const now = clock.now();
    const { uid, key: apiKey } = c.req.valid('param');
    // Forgotten here once the revocation has committed; other processes on its notification.
    await db
      .transaction(async (tx) => {
        const merchant = await lockMerchant(tx, uid);
        if (!(await keyStore.revokeKey(tx, merchant.uid, apiKey, now))) {
          throw notFound('api_key: no such active key for this merchant');
        }
        await writeAudit(
          tx,
          {
            actor: c.var.operatorName,
            action: 'api_key.revoke',
            subject: `merchant:${merchant.uid}`,
            before: { api_key: apiKey, status: 'active' },
            after: { api_key: apiKey, status: 'revoked' },
            note,
          },
          now,
        );
      })
      .finally(() => keys.forgetKey(apiKey));
    return success(c, { api_key: apiKey, status: 'revoked' });
  });

  for (const [action, status, route] of [
    ['disable', 'disabled', DISABLE_MERCHANT],
    ['enable', 'active', ENABLE_MERCHANT],
  ] as const) {
    route.register(app, async (c) => {
      const { note } = c.req.valid('json');
      const now = clock.now();
      const { uid } = c.req.valid('param');
      const merchant = await db
        .transaction(async (tx) => {
          const current = await lockMerchant(tx, uid);
          const changed = await merchants.setMerchantStatus(tx, current.uid, status, now);
          if (!changed) throw notFound('merchant_uid: no such merchant');
          await writeAudit(
            tx,
            {
              actor: c.var.operatorName,
              action: `merchant.${action}`,
              subject: `merchant:${current.uid}`,
              before: { status: current.status },
              after: { status: changed.status },
              note,
            },
            now,
          );
          return changed;
        })
        .finally(() => keys.forgetMerchant(uid));
      return success(c, merchantView(merchant));
    });
  }

  ADD_TO_BLACKLIST.register(app, async (c) => {
    const { from_name, note } = c.req.valid('json');
    const now = clock.now();
    const merchant = await db.transaction(async (tx) => {
      const current = await lockMerchant(tx, c.req.valid('param').uid);
      const listed = await blacklist.isBlacklisted(tx, current.uid, from_name);
      await blacklist.addToBlacklist(tx, current.uid, from_name, now);
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'blacklist.add',
          subject: `merchant:${current.uid}`,
          before: { from_name, listed },
          after: { from_name, listed: true },
          note: note ?? '',
        },
        now,
      );
      return current;
    });
    return success(c, { merchant_uid: merchant.uid, from_name }, 201);
  });

  REMOVE_FROM_BLACKLIST.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const now = clock.now();
    const { uid, from_name: fromName } = c.req.valid('param');
    await db.transaction(async (tx) => {
      const merchant = await lockMerchant(tx, uid);
      if (!(await blacklist.removeFromBlacklist(tx, merchant.uid, fromName))) {
        throw notFound('from_name: not on the blacklist');
      }
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'blacklist.remove',
          subject: `merchant:${merchant.uid}`,
          before: { from_name: fromName, listed: true },
          after: { from_name: fromName, listed: false },
          note,
        },
        now,
      );
    });
    return success(c, { removed: true });
  });

  POST_CREDIT.register(app, async (c) => {
    const input = c.req.valid('json');
    const { utr, amount } = input;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const posted = await postCredit(
        withinTransaction(db, tx),
        {
          utr,
          amount,
          payee: input.payee ?? '',
          payerName: input.payer_name ?? '',
          creditedAt: input.credited_at ? new Date(input.credited_at) : now,
          source: 'operator',
        },
        now,
      );
      // A conflict changed nothing and is refused: nothing to record.
      if (posted.kind === 'conflict') return posted;
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'credit.post',
          subject: `credit:${posted.credit.id}`,
          after: { payee: posted.credit.payee, ...creditOutcome(posted) },
          note: input.note ?? '',
        },
        now,
      );
      return posted;
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
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const before = await findOrder(tx, payment_uid);
      const confirmed = await confirmCredit(withinTransaction(db, tx), utr, payment_uid, now);
      if (confirmed.kind !== 'matched') return confirmed;
      const credit = await findCreditByUtr(tx, utr);
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'credit.confirm',
          subject: `credit:${credit?.id}`,
          before: { utr, payment_uid: null, order_status: before?.payment_status ?? null },
          after: {
            payment_uid: confirmed.order.payment_uid,
            payment_status: confirmed.order.payment_status,
          },
          note: note ?? '',
        },
        now,
      );
      return confirmed;
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
    const now = clock.now();
    const order = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, c.req.valid('param').payment_uid);
      if (!locked) throw notFound('payment_uid: no such order');
      const path = operatorPath(locked, input.status);
      if (path.length === 0) {
        throw new AppError(
          ERROR_CODES.invalidTransition,
          `status: cannot go from ${locked.payment_status} to ${input.status}`,
        );
      }
      let current = locked;
      for (const to of path) {
        const failReason = to === input.status ? input.reason : undefined;
        const change = {
          to,
          cause: 'operator' as const,
          detail: input.reason ?? '',
          ...(failReason ? { failReason } : {}),
          ...operatorFailCode(to),
        };
        const result = await changeStatus(tx, current, change, now);
        if (result.kind === 'refused')
          throw new AppError(ERROR_CODES.invalidTransition, `status: refused ${result.from} -> ${result.to}`);
        current = result.order;
      }
      await writeAudit(
        tx,
        {
          actor: c.var.operatorName,
          action: 'order.status',
          subject: `order:${locked.payment_uid}`,
          before: { payment_status: locked.payment_status },
          after: { payment_status: current.payment_status, steps: path },
          note: input.note ?? input.reason ?? '',
        },
        now,
      );
      return current;
    });
    return success(c, queryView(order, '', deps.config.publicBaseUrl));
  });

  return app;
}

/**
 * What an operator may set. A collection completes only through a bank credit, so operators may
 * fail, reject or refund it, one allowed step at a time. A payout's outcome comes from the bank,
 * which the operator may stand in for: the chain of allowed steps is walked and recorded.
 */
function operatorPath(order: Order, to: StoredStatus): StoredStatus[] {
  if (order.transaction_type === 'expense') return pathTo('expense', order.payment_status, to);
  const operatorMay: readonly StoredStatus[] = ['failed', 'reject', 'refund'];
  return operatorMay.includes(to) && canTransition('income', order.payment_status, to) ? [to] : [];
}

/** The payer-facing code of a status the operator set (the payer's page explains it). */
function operatorFailCode(to: StoredStatus): { failCode?: PayerReasonCode } {
  if (to === 'failed') return { failCode: 'operator_failed' };
  if (to === 'reject') return { failCode: 'operator_rejected' };
  if (to === 'refund') return { failCode: 'refunded' };
  return {};
}

/** A payout channel set for a merchant must be able to carry its payouts (channel/payout-channel-for.ts). */
function refuseUnusablePayoutChannel(
  merchant: Pick<Merchant, 'payout_channel' | 'imps_account' | 'imps_ifsc'>,
  config: AppDeps['config'],
): void {
  if (merchant.payout_channel === null) return;
  const choice = payoutChannelFor(merchant, config);
  if (!choice.ok) throw invalidField('payout_channel', choice.reason);
}

/** The merchant, locked for the change an action makes; a 404 when there is none. */
async function lockMerchant(tx: Queryable, uid: string): Promise<Merchant> {
  const merchant = await merchants.lockMerchant(tx, uid);
  if (!merchant) throw notFound('merchant_uid: no such merchant');
  return merchant;
}

function creditOutcome(result: PostCreditResult) {
  const base = { utr: result.credit.utr, amount: formatAmount(result.credit.amount) };
  switch (result.kind) {
    case 'matched':
      return {
        ...base,
        outcome: result.outcome,
        payment_uid: result.order.payment_uid,
        payment_status: result.order.payment_status,
      };
    case 'waiting':
      return { ...base, outcome: 'waiting', reason: result.reason };
    case 'duplicate':
      return { ...base, outcome: 'duplicate', payment_uid: result.credit.payment_uid };
    case 'conflict':
      return { ...base, outcome: 'conflict', error: 'a different credit with this UTR exists' };
  }
}
