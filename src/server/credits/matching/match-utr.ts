/**
 * The one way anything about a UTR is decided: read the situation under its locks, decide, apply.
 * Every source calls it: a credit from the operator API, an alert text, a statement or the
 * sandbox (receive-credit.ts), the payer's claim, the operator's confirmation and match by hand.
 * Runs in the caller's transaction.
 */
import type { Queryable } from '../../store/db.js';
import { type Applied, applyDecision } from './apply-decision.js';
import { decide } from './decide.js';
import type { Decision, Trigger } from './decision.js';
import { type ReadSituation, readSituation } from './read-situation.js';

export interface Matched extends Applied {
  /** What was known before the decision. */
  readonly before: ReadSituation;
  readonly decision: Decision;
}

export async function matchUtr(tx: Queryable, trigger: Trigger, now: Date): Promise<Matched> {
  const before = await readSituation(tx, trigger);
  const decision = decide(trigger, before);
  const applied = await applyDecision(tx, trigger.utr, before, decision, now);
  return { ...applied, before, decision };
}
