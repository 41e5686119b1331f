/**
 * The merchant routes of the operator API (docs/decisions/0002-open-points.md, Operator API),
 * behind the operator's authentication: merchants, their keys and blacklists.
 */
import { Hono } from 'hono';
import { formatAmount, parseAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { invalidField, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import { actingWithNote, type OperatorEnv } from '../http/operator-env.js';
import { balanceOf } from '../ledger/ledger.js';
import { listKeys } from './api-key-store.js';
import { blacklistPayer, unlistPayer } from './commands/blacklist-payer.js';
import { createMerchant } from './commands/create-merchant.js';
import { issueKey } from './commands/issue-key.js';
import { revokeKey } from './commands/revoke-key.js';
import { setMerchantStatus } from './commands/set-merchant-status.js';
import { updateMerchant } from './commands/update-merchant.js';
import {
  ADD_TO_BLACKLIST,
  CREATE_MERCHANT,
  DISABLE_MERCHANT,
  ENABLE_MERCHANT,
  ISSUE_KEY,
  LIST_MERCHANTS,
  REMOVE_FROM_BLACKLIST,
  REVOKE_KEY,
  SHOW_MERCHANT,
  UPDATE_MERCHANT,
} from './merchant-api.js';
import { refuseUnusablePayoutChannel } from './merchant-changes.js';
import { findMerchant, listMerchants } from './merchant-store.js';
import { merchantDetail, merchantView } from './merchant-view.js';

/** The store's defaults for a merchant's limits, in paise (migration 1). */
const DEFAULT_LIMITS = {
  upi: { min: 100, max: 10_000_000 },
  imps: { min: 100, max: 50_000_000 },
} as const;

export function merchantRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;

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
    const merchant = await findMerchant(db, c.req.valid('param').uid);
    if (!merchant) throw notFound('merchant_uid: no such merchant');
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
    const issued = await issueKey(deps, { merchantUid: c.req.valid('param').uid, ...actingWithNote(c) });
    if (!issued) throw notFound('merchant_uid: no such merchant');
    return success(c, issued, 201);
  });

  REVOKE_KEY.register(app, async (c) => {
    const { uid, key: apiKey } = c.req.valid('param');
    const revoked = await revokeKey(deps, { merchantUid: uid, apiKey, ...actingWithNote(c) });
    if (revoked === 'no_merchant') throw notFound('merchant_uid: no such merchant');
    if (revoked === 'no_key') throw notFound('api_key: no such active key for this merchant');
    return success(c, { api_key: apiKey, status: 'revoked' });
  });

  for (const [status, route] of [
    ['disabled', DISABLE_MERCHANT],
    ['active', ENABLE_MERCHANT],
  ] as const) {
    route.register(app, async (c) => {
      const merchantUid = c.req.valid('param').uid;
      const merchant = await setMerchantStatus(deps, { merchantUid, status, ...actingWithNote(c) });
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
    const { uid, from_name: fromName } = c.req.valid('param');
    const removed = await unlistPayer(deps, { merchantUid: uid, fromName, ...actingWithNote(c) });
    if (removed === 'no_merchant') throw notFound('merchant_uid: no such merchant');
    if (removed === 'not_listed') throw notFound('from_name: not on the blacklist');
    return success(c, { removed: true });
  });

  return app;
}
