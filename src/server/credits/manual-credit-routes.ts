/**
 * The operator's credit actions, behind the operator's authentication: a bank credit posted by
 * hand, and the order a waiting credit without a payee belongs to.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { confirmCredit } from './commands/confirm-credit.js';
import { postCredit } from './commands/post-credit.js';
import { receiptOf } from './credit-receipt.js';
import { CONFIRM_CREDIT, POST_CREDIT } from './manual-credit-api.js';
import type { ReceiveResult } from './receive-credit.js';

export function manualCreditRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

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

  return app;
}

function creditOutcome(result: ReceiveResult) {
  return { utr: result.credit.utr, amount: formatAmount(result.credit.amount), ...receiptOf(result) };
}
