/**
 * The operator's routes for a merchant's portal users (under /operator/api): invite one (the
 * invitation link is answered once) and list them.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { findMerchant } from '../merchants/merchant-store.js';
import { answerInvitation } from './invitation-answer.js';
import { listUsers } from './merchant-user-store.js';
import { userView } from './merchant-users.js';
import { INVITE_MERCHANT_USER, LIST_MERCHANT_USERS } from './portal-api.js';

export function portalOperatorRoutes(deps: AppDeps) {
  const app = new Hono<OperatorEnv>();

  INVITE_MERCHANT_USER.register(app, async (c) => {
    const input = {
      merchantUid: c.req.valid('param').uid,
      ...c.req.valid('json'),
      actor: c.var.operatorName,
    };
    return answerInvitation(c, deps, input, 'merchant_uid: no such merchant');
  });

  LIST_MERCHANT_USERS.register(app, async (c) => {
    const { uid } = c.req.valid('param');
    if (!(await findMerchant(deps.db, uid))) throw notFound('merchant_uid: no such merchant');
    return success(c, (await listUsers(deps.db, uid)).map(userView));
  });

  return app;
}
