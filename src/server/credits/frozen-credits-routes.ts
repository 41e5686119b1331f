/** The credits a bank statement contradicted (frozen-credits-api.ts): a read for operators. */
import { Hono } from 'hono';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { contradictedCredits } from './credit-store.js';
import { LIST_FROZEN_CREDITS } from './frozen-credits-api.js';

export function frozenCreditRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  LIST_FROZEN_CREDITS.register(app, async (c) => {
    const rows = await contradictedCredits(deps.db, c.req.valid('query').limit);
    return success(
      c,
      rows.map((row) => ({
        credit_id: String(row.id),
        utr: row.utr,
        amount: formatAmount(row.amount),
        payee: row.payee,
        evidence: row.evidence,
        hold: row.hold,
        statement_amount: formatAmount(row.statement_amount ?? 0),
        statement_payee: row.statement_payee ?? '',
        reason: row.hold_note,
        merchant_uid: row.merchant_uid,
        payment_uid: row.payment_uid,
        payment_status: row.payment_status,
        frozen_at: row.hold_changed_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      })),
    );
  });

  return app;
}
