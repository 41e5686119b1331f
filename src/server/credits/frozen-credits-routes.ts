/** The credits a bank statement contradicted, and the operators' release or return of money (frozen-credits-api.ts). */
import { Hono } from 'hono';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import type { Propose } from '../http/propose.js';
import { releaseCredit, returnCredit } from './commands/credit-money.js';
import { contradictedCredits } from './credit-store.js';
import { LIST_FROZEN_CREDITS, RELEASE_FROZEN_CREDIT, RETURN_CREDIT } from './frozen-credits-api.js';
import { unwrap } from './manual-result.js';

export function frozenCreditRoutes(deps: AppDeps, propose: Propose): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  RELEASE_FROZEN_CREDIT.register(app, async (c) => {
    const creditId = c.req.valid('param').credit_id;
    const { note } = c.req.valid('json');
    if (deps.config.dualControl) return propose(c, 'credit.release', { credit_id: creditId }, note);
    return success(c, unwrap(await releaseCredit(deps, { creditId, note, actor: c.var.operatorName })));
  });

  RETURN_CREDIT.register(app, async (c) => {
    const creditId = c.req.valid('param').credit_id;
    const { note } = c.req.valid('json');
    if (deps.config.dualControl) return propose(c, 'credit.return', { credit_id: creditId }, note);
    return success(c, unwrap(await returnCredit(deps, { creditId, note, actor: c.var.operatorName })));
  });

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
