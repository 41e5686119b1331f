/**
 * The words of credit matching: what happened (`Trigger`), what is known about the UTR when it
 * happened (`Situation`), and what to do about it (`Decision`: steps for the executor and an
 * outcome for the caller). decide.ts computes a decision from the first two; apply-decision.ts
 * carries it out through the stores. New rules add a trigger, a step or an outcome here.
 */
import type { Collectors } from '../../merchants/merchant-store.js';
import type { Order } from '../../orders/order.js';
import type { ClaimHolder } from '../claim-store.js';
import type { BankCredit } from '../credit-store.js';
import type { ClaimLoser, LostClaim } from '../lost-claim-store.js';

/** What happened to a UTR. */
export type Trigger =
  /** A bank credit arrived under the UTR (any source: operator API, SMS, e-mail, statement, sandbox). */
  | { readonly kind: 'credit'; readonly utr: string }
  /** A payer claims that the UTR paid the order (india_match). */
  | { readonly kind: 'claim'; readonly utr: string; readonly paymentUid: string; readonly clientIp: string }
  /** An operator confirms that the UTR's credit is the order's (a credit that names no payee). */
  | { readonly kind: 'confirm'; readonly utr: string; readonly paymentUid: string }
  /** An operator matches the UTR's credit to the order by hand, claiming the UTR for it. */
  | { readonly kind: 'match'; readonly utr: string; readonly paymentUid: string }
  /** An operator decides a contested UTR: it is this order's, the other claims are released. */
  | { readonly kind: 'resolve'; readonly utr: string; readonly paymentUid: string };

/** What a decision needs to know of the credit (its hold: a frozen credit settles nothing). */
export type CreditFacts = Pick<BankCredit, 'utr' | 'amount' | 'payee' | 'payment_uid'> &
  Partial<Pick<BankCredit, 'hold'>>;

/** Everything known about the UTR when the trigger came, read under its lock (read-situation.ts). */
export interface Situation {
  /** The credit under the UTR, when one arrived. */
  readonly credit: CreditFacts | undefined;
  /** The orders holding a claim on the UTR: one, or several while it is contested. */
  readonly claims: readonly ClaimHolder[];
  /** Orders whose claim on the UTR lost to the claim that holds it, first loser first. */
  readonly losers: readonly ClaimLoser[];
  /** The orders named by the trigger, the claims and the losers, by payment_uid. */
  readonly orders: ReadonlyMap<string, Order>;
  /** How many UTRs the trigger's order has claimed (for a claim of a UTR it does not hold). */
  readonly claimCount: number;
  /** The merchants that collect, read when the credit names no payee. */
  readonly collectors: Collectors | undefined;
}

/** One thing the executor does, in the order given. */
export type Step =
  /** Keep a claim that lost, for operators. */
  | { readonly kind: 'record_loss'; readonly loss: LostClaim }
  /** The order's claim on the UTR ends (it cannot be the order's money). */
  | { readonly kind: 'release_claim'; readonly paymentUid: string }
  /** The order claims the UTR. */
  | { readonly kind: 'add_claim'; readonly paymentUid: string; readonly clientIp: string }
  /** The order claims the UTR beside the orders holding it; every claim of the UTR is contested. */
  | { readonly kind: 'join_contest'; readonly paymentUid: string; readonly clientIp: string }
  /** Every claim of the UTR is marked contested (a completed order's, for an operator to look at). */
  | { readonly kind: 'mark_contested' }
  /** The contest ends with the order's claim the only one left. */
  | { readonly kind: 'end_contest'; readonly paymentUid: string }
  /** The order goes back to processing (it is being paid again). */
  | { readonly kind: 'reopen'; readonly paymentUid: string; readonly cause: 'utr_claim' | 'bank_credit' }
  /** The credit settles the order: completed (exact amount) or rejected (another amount). */
  | {
      readonly kind: 'settle';
      readonly paymentUid: string;
      readonly result: SettleResult;
      readonly failReason: string;
    }
  /** Why the credit waits, kept on it for the operators' list ('' clears it). */
  | { readonly kind: 'keep_reason'; readonly reason: string }
  /** The loss of a released claim names the order that took the UTR after it. */
  | { readonly kind: 'pass_loss'; readonly from: string; readonly to: string };

export type SettleResult = 'completed' | 'rejected';

/** Why a trigger is refused; nothing but the recorded loss (if any) is written. */
export type Refusal =
  | {
      readonly reason:
        | 'no_order'
        | 'not_collection'
        | 'no_credit'
        | 'final'
        /** An operator failed the order: the payer cannot reopen it. */
        | 'closed'
        | 'too_many'
        | 'utr_used'
        | 'payee_mismatch'
        /** Several orders claim the UTR: only an operator's resolution settles it. */
        | 'contested'
        /** A resolution of a UTR that is not contested. */
        | 'not_contested'
        /** A resolution naming an order that holds no claim on the UTR. */
        | 'no_claim';
    }
  /** The UTR's credit arrived first, of another amount than the order's (the order stays open). */
  | { readonly reason: 'credit_mismatch'; readonly creditAmount: number }
  /** Another order holds the UTR, or the credit settled another order already. */
  | { readonly reason: 'claimed_by_another' | 'already_matched'; readonly paymentUid: string }
  /** The credit cannot settle the order (final, another account's, no payee, ...). */
  | { readonly reason: 'cannot_settle'; readonly detail: string };

/** What the caller is told. */
export type Outcome =
  | { readonly kind: 'settled'; readonly paymentUid: string; readonly result: SettleResult }
  | { readonly kind: 'waiting'; readonly reason: string }
  /** The claim stands (and settled the order if its credit could). */
  | { readonly kind: 'claimed'; readonly paymentUid: string }
  /** The claim stands beside another order's: neither completes until an operator decides. */
  | { readonly kind: 'contested'; readonly paymentUid: string }
  | ({ readonly kind: 'refused' } & Refusal);

export interface Decision {
  readonly steps: readonly Step[];
  readonly outcome: Outcome;
}
