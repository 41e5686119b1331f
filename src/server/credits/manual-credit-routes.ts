/**
 * The operator's credit actions, behind the operator's authentication: a bank credit posted by
 * hand, and the order a waiting credit without a payee belongs to. Under dual control each is
 * proposed instead (`propose`, given by the app: docs/money-controls.md, Approvals).
 */
import { Hono } from 'hono';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import type { Propose } from '../http/propose.js';
import { confirmCredit } from './commands/confirm-credit.js';
import { postCredit } from './commands/post-credit.js';
import { confirmedCredit } from './confirm-credit-by-hand.js';
import { CONFIRM_CREDIT, POST_CREDIT } from './manual-credit-api.js';
import { unwrap } from './manual-result.js';
import { postedCredit } from './post-manual-credit.js';

export function manualCreditRoutes(deps: AppDeps, propose: Propose): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  POST_CREDIT.register(app, async (c) => {
    const input = c.req.valid('json');
    const { utr, amount } = input;
    const note = input.note ?? '';
    if (deps.config.dualControl) {
      const payload = {
        utr,
        amount: formatAmount(amount),
        payee: input.payee ?? '',
        payer_name: input.payer_name ?? '',
        credited_at: input.credited_at ?? null,
      };
      return propose(c, 'credit.post', payload, note);
    }
    const result = await postCredit(deps, {
      utr,
      amount,
      payee: input.payee ?? '',
      payerName: input.payer_name ?? '',
      creditedAt: input.credited_at ? new Date(input.credited_at) : undefined,
      actor: c.var.operatorName,
      note,
    });
    return success(c, unwrap(postedCredit(result)), result.kind === 'duplicate' ? 200 : 201);
  });

  /** The operator says whose a waiting credit is, when the service could not tell (no payee). */
  CONFIRM_CREDIT.register(app, async (c) => {
    const { payment_uid, note } = c.req.valid('json');
    const { utr } = c.req.valid('param');
    if (deps.config.dualControl) return propose(c, 'credit.confirm', { utr, payment_uid }, note ?? '');
    const result = await confirmCredit(deps, {
      utr,
      paymentUid: payment_uid,
      actor: c.var.operatorName,
      note: note ?? '',
    });
    return success(c, unwrap(confirmedCredit(utr, result)));
  });

  return app;
}
