/**
 * A payer claims a UTR for an order (india_match), in one transaction: the claim moves a pending,
 * overdue or failed order to processing, and settles it at once if the bank credit arrived first.
 * Claiming the same UTR again is an idempotent retry (and reopens an order that expired or failed
 * meanwhile). A claim that loses (the UTR is another order's, its credit was paid to another
 * account than this order's, or arrived first with another amount) is kept for operators. The rules: matching/decide.ts.
 */
import { type CommandDeps, runCommand } from '../../command.js';
import type { Order } from '../../orders/order.js';
import { matchUtr } from '../matching/match-utr.js';
import { settledOrder } from '../receive-credit.js';

export interface UtrClaim {
  readonly paymentUid: string;
  readonly utr: string;
  readonly clientIp: string;
}

export type ClaimResult =
  | { readonly kind: 'claimed'; readonly order: Order }
  /** Another order of the same merchant and amount claims the UTR too: an operator decides. */
  | { readonly kind: 'contested'; readonly order: Order }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'not_collection' }
  | { readonly kind: 'final'; readonly order: Order }
  /** An operator failed the order; only an operator reopens it. */
  | { readonly kind: 'closed' }
  | { readonly kind: 'utr_used' }
  /** The UTR's credit was paid to another account than this order's collection account. */
  | { readonly kind: 'payee_mismatch' }
  /** The UTR's credit arrived first with another amount (paise) than the order's; the order stays open. */
  | { readonly kind: 'credit_mismatch'; readonly creditAmount: number }
  | { readonly kind: 'too_many'; readonly order: Order };

export async function claimUtr(deps: CommandDeps, claim: UtrClaim): Promise<ClaimResult> {
  return runCommand(deps, async (tx, now) => {
    const matched = await matchUtr(tx, { kind: 'claim', ...claim }, now);
    const { outcome } = matched.decision;
    const order = () => settledOrder(matched.orders, claim.paymentUid);
    if (outcome.kind === 'claimed') return { kind: 'claimed', order: order() };
    if (outcome.kind === 'contested') return { kind: 'contested', order: order() };
    if (outcome.kind !== 'refused') throw new Error(`a claim decided as ${outcome.kind}`);
    switch (outcome.reason) {
      case 'no_order':
        return { kind: 'not_found' };
      case 'not_collection':
      case 'closed':
      case 'utr_used':
      case 'payee_mismatch':
        return { kind: outcome.reason };
      case 'credit_mismatch':
        return { kind: 'credit_mismatch', creditAmount: outcome.creditAmount };
      case 'final':
      case 'too_many':
        return { kind: outcome.reason, order: order() };
      default:
        throw new Error(`a claim refused as ${outcome.reason}`);
    }
  });
}
