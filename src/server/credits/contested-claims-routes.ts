/** Contested claims (contested-claims-api.ts): the operators' list and their resolution. */
import { Hono } from 'hono';
import type { Contestant, ContestedCase } from '../../shared/contested-views.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import type { Propose } from '../http/propose.js';
import type { Queryable } from '../store/db.js';
import { type ContestedClaim, contestedClaims } from './claim-store.js';
import { resolveClaim } from './commands/resolve-claim.js';
import { LIST_CONTESTED_CLAIMS, RESOLVE_CONTESTED_CLAIM } from './contested-claims-api.js';
import { findCreditByUtr } from './credit-store.js';
import { refusedClaimsOf } from './lost-claim-store.js';
import { unwrap } from './manual-result.js';

export function contestedClaimRoutes(deps: AppDeps, propose: Propose): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  LIST_CONTESTED_CLAIMS.register(app, async (c) => {
    return success(c, await contestedCases(deps.db, c.req.valid('query').limit));
  });

  RESOLVE_CONTESTED_CLAIM.register(app, async (c) => {
    const { utr } = c.req.valid('param');
    const input = c.req.valid('json');
    if (deps.config.dualControl) {
      return propose(c, 'claim.resolve', { utr, payment_uid: input.payment_uid }, input.note);
    }
    const result = await resolveClaim(deps, {
      utr,
      paymentUid: input.payment_uid,
      note: input.note,
      actor: c.var.operatorName,
    });
    return success(c, unwrap(result));
  });

  return app;
}

/** The contested UTRs, newest first: the claims that hold each, then those refused, and its credit. */
async function contestedCases(db: Queryable, limit: number): Promise<ContestedCase[]> {
  const holding = await contestedClaims(db, limit);
  const utrs = [...new Set(holding.map((row) => row.utr))];
  const refused = await refusedClaimsOf(db, utrs);
  const cases: ContestedCase[] = [];
  for (const utr of utrs) {
    const rows = holding.filter((row) => row.utr === utr);
    const credit = await findCreditByUtr(db, utr);
    const contestedAt = Math.min(...rows.map((row) => row.contested_at.getTime()));
    cases.push({
      utr,
      contested_at: new Date(contestedAt).toISOString(),
      credit: credit
        ? {
            credit_id: String(credit.id),
            amount: formatAmount(credit.amount),
            payee: credit.payee,
            hold: credit.hold,
            payment_uid: credit.payment_uid,
            created_at: credit.created_at.toISOString(),
          }
        : null,
      claims: [
        ...rows.map((row) => contestant(row, row.claimed_at, 'holding')),
        ...refused.filter((row) => row.utr === utr).map((row) => contestant(row, row.first_at, 'refused')),
      ],
    });
  }
  return cases;
}

function contestant(
  row: Pick<
    ContestedClaim,
    'payment_uid' | 'merchant_uid' | 'merchant_order_id' | 'amount' | 'payment_status' | 'client_ip'
  >,
  claimedAt: Date,
  state: Contestant['state'],
): Contestant {
  return {
    payment_uid: row.payment_uid,
    merchant_uid: row.merchant_uid,
    merchant_order_id: row.merchant_order_id,
    amount: formatAmount(row.amount),
    payment_status: row.payment_status,
    client_ip: row.client_ip,
    claimed_at: claimedAt.toISOString(),
    state,
  };
}
