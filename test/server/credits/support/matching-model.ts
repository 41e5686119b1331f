/**
 * Generated histories of what happens to a few UTRs and collection orders (payers claim, credits
 * arrive from any source and payee, operators confirm, match by hand or fail an order, orders
 * expire), and a model of the store they act on: each event is decided by the service's own
 * `decide` over the situation the model holds, and its steps are applied to the model as the
 * executor applies them to the store. The money invariants are checked on the model after every
 * event (decide.test.ts) and on the real store after whole histories (matching-histories.test.ts).
 */
import fc from 'fast-check';
import { normalizePayee } from '../../../../src/server/credits/matching/credit-payee.js';
import { decide } from '../../../../src/server/credits/matching/decide.js';
import type { Decision, Situation, Trigger } from '../../../../src/server/credits/matching/decision.js';
import { canTransition, type StoredStatus } from '../../../../src/server/lifecycle/transitions.js';
import type { Order } from '../../../../src/server/orders/order.js';
import { isFinalStatus } from '../../../../src/shared/order-status.js';

/** Two merchants collect, each to its own UPI address. */
export const MERCHANT_ACCOUNTS = ['chaipoint@okaxis', 'second@okaxis'] as const;
export const ORDER_AMOUNTS = [10_000, 25_000] as const;
/** Where a credit says it was paid: either merchant (in any case), nobody named, a stranger. */
export const PAYEES = ['chaipoint@okaxis', 'Second@OKAXIS', '', 'stranger@ybl'] as const;
export const CREDIT_AMOUNTS = [10_000, 25_000, 5_000] as const;
export const ORDERS = 4;
export const UTRS = 3;

export interface OrderPlan {
  readonly merchant: number;
  readonly amount: number;
}

export type Event =
  | { readonly kind: 'claim'; readonly order: number; readonly utr: number }
  | { readonly kind: 'credit'; readonly utr: number; readonly amount: number; readonly payee: string }
  | { readonly kind: 'confirm'; readonly order: number; readonly utr: number }
  | { readonly kind: 'match'; readonly order: number; readonly utr: number }
  | { readonly kind: 'resolve'; readonly order: number; readonly utr: number }
  | { readonly kind: 'fail'; readonly order: number }
  | { readonly kind: 'expire' };

export interface History {
  readonly orders: readonly OrderPlan[];
  readonly events: readonly Event[];
}

const order = fc.integer({ min: 0, max: ORDERS - 1 });
const utr = fc.integer({ min: 0, max: UTRS - 1 });

export const histories = (maxEvents: number): fc.Arbitrary<History> =>
  fc.record({
    orders: fc.array(
      fc.record({
        merchant: fc.integer({ min: 0, max: MERCHANT_ACCOUNTS.length - 1 }),
        amount: fc.constantFrom(...ORDER_AMOUNTS),
      }),
      { minLength: ORDERS, maxLength: ORDERS },
    ),
    events: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.record({ kind: fc.constant('claim' as const), order, utr }) },
        {
          weight: 4,
          arbitrary: fc.record({
            kind: fc.constant('credit' as const),
            utr,
            amount: fc.constantFrom(...CREDIT_AMOUNTS),
            payee: fc.constantFrom(...PAYEES),
          }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), order, utr }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('match' as const), order, utr }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolve' as const), order, utr }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), order }) },
        { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
      ),
      { minLength: 1, maxLength: maxEvents },
    ),
  });

export interface ModelCredit {
  readonly amount: number;
  readonly payee: string;
  paymentUid: string | null;
  /** The trigger that settled it. */
  settledBy: Trigger['kind'] | null;
}

export interface ModelClaim {
  readonly payment_uid: string;
  readonly client_ip: string;
  contested: boolean;
}

/** The model of the store: the orders, the credits, the claims and the losers of each UTR. */
export class World {
  readonly orders = new Map<string, Order>();
  readonly credits = new Map<string, ModelCredit>();
  /** The claims of each UTR, first claim first (several only while contested). */
  readonly claims = new Map<string, ModelClaim[]>();
  readonly losers = new Map<string, { payment_uid: string; client_ip: string }[]>();
  /** Every status change made, in order. */
  readonly changes: { paymentUid: string; from: StoredStatus; to: StoredStatus }[] = [];
  /** How many times each credit settled an order. */
  readonly settlements = new Map<string, number>();

  constructor(
    readonly orderUids: readonly string[],
    readonly utrs: readonly string[],
    plans: readonly OrderPlan[],
  ) {
    plans.forEach((plan, i) => {
      const uid = orderUids[i] ?? '';
      this.orders.set(uid, modelOrder(uid, plan));
    });
  }

  /** Decides the trigger over the model's situation and applies the decision to the model. */
  act(trigger: Trigger): Decision {
    const decision = decide(trigger, this.situation(trigger));
    // Only an operator reopens an order an operator failed: never a payer's claim.
    const closed =
      trigger.kind === 'claim' && this.orders.get(trigger.paymentUid)?.fail_code === 'operator_failed';
    if (closed && decision.steps.some((step) => step.kind === 'reopen' || step.kind === 'add_claim')) {
      throw new Error(`a claim reopened order ${trigger.paymentUid}, which an operator failed`);
    }
    for (const step of decision.steps) {
      switch (step.kind) {
        case 'record_loss': {
          if (step.loss.reason !== 'utr_used') break;
          const losers = this.losers.get(step.loss.utr) ?? [];
          if (!losers.some((loser) => loser.payment_uid === step.loss.paymentUid)) {
            losers.push({ payment_uid: step.loss.paymentUid, client_ip: step.loss.clientIp ?? '' });
          }
          this.losers.set(step.loss.utr, losers);
          break;
        }
        case 'release_claim': {
          const held = this.claimsOf(trigger.utr);
          if (!held.some((c) => c.payment_uid === step.paymentUid))
            throw new Error('released a claim not held');
          this.claims.set(
            trigger.utr,
            held.filter((c) => c.payment_uid !== step.paymentUid),
          );
          break;
        }
        case 'add_claim':
          if (this.claimsOf(trigger.utr).length > 0) throw new Error('claimed a UTR another order holds');
          this.claims.set(trigger.utr, [
            { payment_uid: step.paymentUid, client_ip: step.clientIp, contested: false },
          ]);
          break;
        case 'join_contest': {
          const held = this.claimsOf(trigger.utr);
          const joining = this.orders.get(step.paymentUid);
          // Only an order of the same merchant and amount as an open holder may contest its UTR.
          const rivals = held.map((other) => this.orders.get(other.payment_uid));
          for (const rival of rivals) {
            if (rival?.merchant_uid !== joining?.merchant_uid || rival?.amount !== joining?.amount) {
              throw new Error(`order ${step.paymentUid} contested the UTR of another merchant or amount`);
            }
          }
          if (rivals.every((rival) => rival && isFinalStatus(rival.payment_status))) {
            throw new Error('contested a UTR whose orders are all settled');
          }
          this.claims.set(trigger.utr, [
            ...held.map((c) => ({ ...c, contested: true })),
            { payment_uid: step.paymentUid, client_ip: step.clientIp, contested: true },
          ]);
          break;
        }
        case 'mark_contested':
          for (const c of this.claimsOf(trigger.utr)) c.contested = true;
          break;
        case 'end_contest':
          for (const c of this.claimsOf(trigger.utr))
            if (c.payment_uid === step.paymentUid) c.contested = false;
          break;
        case 'reopen':
          this.change(step.paymentUid, 'processing');
          break;
        case 'settle': {
          const credit = this.credits.get(trigger.utr);
          if (!credit) throw new Error('settled without a credit');
          // A contested UTR settles nothing: only an operator's resolution ends the contest first.
          if (this.claimsOf(trigger.utr).some((c) => c.contested)) {
            throw new Error(`credit ${trigger.utr} settled an order while its UTR was contested`);
          }
          this.change(step.paymentUid, step.result === 'completed' ? 'completed' : 'reject');
          credit.paymentUid = step.paymentUid;
          credit.settledBy = trigger.kind;
          this.settlements.set(trigger.utr, (this.settlements.get(trigger.utr) ?? 0) + 1);
          break;
        }
        case 'keep_reason':
        case 'pass_loss':
          break;
      }
    }
    return decision;
  }

  /**
   * An operator's resolution as operators make them: of a contested UTR (the event's, or else the
   * first contested one) naming one of its claimants; of the event's UTR and order when none is.
   */
  resolution(order: number, utr: number): Trigger & { kind: 'resolve' } {
    const named = this.utrs[utr] ?? '';
    const contested = [named, ...this.utrs].find((each) => this.claimsOf(each).some((c) => c.contested));
    if (contested === undefined)
      return { kind: 'resolve', utr: named, paymentUid: this.orderUids[order] ?? '' };
    const claims = this.claimsOf(contested);
    return { kind: 'resolve', utr: contested, paymentUid: claims[order % claims.length]?.payment_uid ?? '' };
  }

  claimsOf(utr: string): ModelClaim[] {
    return this.claims.get(utr) ?? [];
  }

  /** A status change the way changeStatus makes it: only along the transition table. */
  change(paymentUid: string, to: StoredStatus, failCode = ''): void {
    const current = this.orders.get(paymentUid);
    if (!current) throw new Error(`no order ${paymentUid}`);
    if (!canTransition(current.transaction_type, current.payment_status, to)) {
      throw new Error(`${current.payment_status} -> ${to} is not allowed`);
    }
    this.changes.push({ paymentUid, from: current.payment_status, to });
    this.orders.set(paymentUid, { ...current, payment_status: to, fail_code: failCode });
  }

  /** What read-situation.ts reads for the trigger. */
  situation(trigger: Trigger): Situation {
    const credit = this.credits.get(trigger.utr);
    const claims = this.claimsOf(trigger.utr).map((c) => ({ ...c }));
    const losers = trigger.kind === 'credit' ? (this.losers.get(trigger.utr) ?? []) : [];
    const named = [
      ...claims.map((c) => c.payment_uid),
      ...losers.map((l) => l.payment_uid),
      ...(trigger.kind === 'credit' ? [] : [trigger.paymentUid]),
    ];
    const orders = new Map(
      named.flatMap((uid) => {
        const found = this.orders.get(uid);
        return found ? [[uid, found] as const] : [];
      }),
    );
    const holds = claims.some((c) => c.payment_uid === (trigger.kind === 'claim' ? trigger.paymentUid : ''));
    const claimCount =
      trigger.kind === 'claim' && !holds
        ? [...this.claims.values()].flat().filter((c) => c.payment_uid === trigger.paymentUid).length
        : 0;
    return {
      credit: credit && {
        utr: trigger.utr,
        amount: credit.amount,
        payee: credit.payee,
        payment_uid: credit.paymentUid,
      },
      claims,
      losers,
      orders,
      claimCount,
      collectors:
        credit && normalizePayee(credit.payee) === ''
          ? { count: MERCHANT_ACCOUNTS.length, only: null }
          : undefined,
    };
  }

  /** The money invariants; throws naming the first one broken. */
  checkInvariants(): void {
    for (const [utr, credit] of this.credits) {
      if (credit.paymentUid === null) continue;
      const paid = this.orders.get(credit.paymentUid);
      if (!paid) throw new Error(`credit ${utr} settled an unknown order`);
      // Money only to the order of the account that received it.
      if (credit.payee !== '' && normalizePayee(credit.payee) !== normalizePayee(paid.to_account)) {
        throw new Error(`credit ${utr} paid to ${credit.payee} settled an order of ${paid.to_account}`);
      }
      if (credit.payee === '' && credit.settledBy !== 'confirm') {
        throw new Error(`credit ${utr} without a payee settled an order without an operator's confirmation`);
      }
      if (paid.payment_status === 'reject' && credit.amount === paid.amount) {
        throw new Error(`credit ${utr} of the exact amount rejected its order`);
      }
      // A payer's claim of a credit already known never ends the order with another amount.
      if (paid.payment_status === 'reject' && credit.settledBy === 'claim') {
        throw new Error(`a claim of credit ${utr} of another amount rejected its order`);
      }
    }
    // Several claims of a UTR only while contested, and a contest only among orders of one merchant
    // and amount, the credit unmatched unless it completed the first of them before.
    for (const [utr, held] of this.claims) {
      if (held.length > 1 && held.some((c) => !c.contested))
        throw new Error(`UTR ${utr} held uncontested twice`);
      const credit = this.credits.get(utr);
      if (held.length > 1 && credit?.paymentUid != null)
        throw new Error(`contested UTR ${utr} settled an order`);
    }
    // A credit settles at most one order, once.
    for (const [utr, times] of this.settlements) {
      if (times > 1) throw new Error(`credit ${utr} settled ${times} times`);
    }
    for (const [uid, current] of this.orders) {
      const completions = this.changes.filter((c) => c.paymentUid === uid && c.to === 'completed').length;
      if (completions > 1) throw new Error(`order ${uid} completed ${completions} times`);
      const credits = [...this.credits.values()].filter((credit) => credit.paymentUid === uid);
      if (credits.length > 1) throw new Error(`order ${uid} settled by ${credits.length} credits`);
      // Completed at most once, and never for less (or more) than its amount.
      if (current.payment_status === 'completed' && credits[0]?.amount !== current.amount) {
        throw new Error(
          `order ${uid} completed by ${credits[0]?.amount ?? 'no'} credit for ${current.amount}`,
        );
      }
    }
    for (const change of this.changes) {
      if (isFinalStatus(change.from)) throw new Error(`order ${change.paymentUid} left final ${change.from}`);
    }
  }
}

function modelOrder(uid: string, plan: OrderPlan): Order {
  const at = new Date(0);
  return {
    payment_uid: uid,
    merchant_uid: `M${plan.merchant}`,
    merchant_order_id: uid,
    request_digest: '',
    transaction_type: 'income',
    accounting_type: 'receive',
    payterm: 'UPI',
    payment: 'india',
    currency: 'INR',
    country: 'India',
    channel: 'payment_india',
    amount: plan.amount,
    final_amount: plan.amount,
    from_account: '',
    from_name: '',
    from_bank_name: '',
    to_account: MERCHANT_ACCOUNTS[plan.merchant] ?? '',
    to_name: '',
    to_bank_name: 'UPI',
    merchant_id: '',
    order_uid: '',
    redirect_url: '',
    notify_url: '',
    response_type: 'json',
    ip: '',
    user_agent: '',
    signature_key: '',
    extra: '',
    payment_status: 'pending',
    payment_fail_reason: '',
    fail_code: '',
    notify_status: 'none',
    notify_fail_reason: '',
    accounting_status: 'none',
    accounting_fail_reason: '',
    matched_utr: null,
    reversed_at: null,
    reversal_reason: '',
    status_seq: 0,
    view_seq: 0,
    expires_at: null,
    status_changed_at: at,
    created_at: at,
    updated_at: at,
  };
}

/** Plays an event on the model: the trigger it makes, decided and applied (operator and clock events as the store makes them). */
export function play(world: World, event: Event): Decision | undefined {
  const uid = 'order' in event ? (world.orderUids[event.order] ?? '') : '';
  const utr = 'utr' in event ? (world.utrs[event.utr] ?? '') : '';
  switch (event.kind) {
    case 'claim':
      return world.act({ kind: 'claim', utr, paymentUid: uid, clientIp: '' });
    case 'credit':
      if (world.credits.has(utr)) return undefined;
      world.credits.set(utr, { amount: event.amount, payee: event.payee, paymentUid: null, settledBy: null });
      return world.act({ kind: 'credit', utr });
    case 'confirm':
      return world.act({ kind: 'confirm', utr, paymentUid: uid });
    case 'match':
      if (!world.credits.has(utr)) return undefined;
      return world.act({ kind: 'match', utr, paymentUid: uid });
    case 'resolve':
      return world.act(world.resolution(event.order, event.utr));
    case 'fail': {
      const current = world.orders.get(uid);
      if (current && canTransition('income', current.payment_status, 'failed')) {
        world.change(uid, 'failed', 'operator_failed');
      }
      return undefined;
    }
    case 'expire':
      for (const [id, current] of world.orders)
        if (current.payment_status === 'pending') world.change(id, 'overdue');
      return undefined;
  }
}
