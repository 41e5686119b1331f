/**
 * Every kind of case the Needs attention queue lists, each one small adapter over one store read
 * (attention-kind.ts). A new kind is one more entry here and its name in shared/attention-views.ts.
 */

import type { AttentionKind } from '../../../shared/attention-views.js';
import { formatAmount } from '../../../shared/money.js';
import { countAwaitingApproval, listApprovals } from '../../approvals/approval-store.js';
import { payoutsNeedingAttention } from '../../channel/payout-store.js';
import {
  type AttentionClaim,
  claimsWithoutCredit,
  contestedUtrs,
  ordersAtClaimLimit,
} from '../../credits/claim-store.js';
import { everyCredit } from '../../credits/credit-list.js';
import { watchedCreditSources } from '../../credits/credit-source-store.js';
import { contradictedCredits, listCreditRows } from '../../credits/credit-store.js';
import { MAX_UTRS_PER_ORDER } from '../../credits/matching/decide.js';
import { type TEXTS_NEEDING_ATTENTION, textsNeedingAttention } from '../../credits/raw-text-store.js';
import { textReading } from '../../credits/text-reading.js';
import { failingCallbackOrders } from '../../notify/outbox-store.js';
import { attentionView } from '../../payouts/payout-batch-views.js';
import { type AttentionSource, attentionItem } from './attention-kind.js';

/** Reversed payouts stay listed this long after the reversal. */
const REVERSALS_LISTED_MS = 30 * 86_400_000;
/** Conflict credits are counted up to this many (their reason is worked out per row). */
const CONFLICTS_COUNTED = 1000;

function texts(
  kind: AttentionKind,
  outcome: (typeof TEXTS_NEEDING_ATTENTION)[number],
  reasonOf: (reason: string) => string,
): AttentionSource {
  return {
    kind,
    read: async (tx, { limit }) => {
      const rows = await textsNeedingAttention(tx, outcome, limit);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => {
          const reading = textReading(row.body);
          return attentionItem({
            kind,
            reason: reasonOf(row.reason),
            at: row.created_at.toISOString(),
            merchant_uid: row.merchant_uid,
            text_id: String(row.id),
            source_id: row.source_id,
            utr: reading.utr,
            amount: reading.amount,
            detail: row.body,
          });
        }),
      };
    },
  };
}

function claims(
  kind: AttentionKind,
  read: (
    tx: Parameters<AttentionSource['read']>[0],
    context: Parameters<AttentionSource['read']>[1],
  ) => Promise<AttentionClaim[]>,
  reasonOf: (row: AttentionClaim) => string,
): AttentionSource {
  return {
    kind,
    read: async (tx, context) => {
      const rows = await read(tx, context);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) =>
          attentionItem({
            kind,
            reason: reasonOf(row),
            at: row.at.toISOString(),
            merchant_uid: row.merchant_uid,
            payment_uid: row.payment_uid,
            utr: row.utr,
            amount: formatAmount(row.amount),
          }),
        ),
      };
    },
  };
}

function payouts(kind: 'payout_no_debit' | 'payout_reversed'): AttentionSource {
  return {
    kind,
    read: async (tx, { now, config }) => {
      const rows = await payoutsNeedingAttention(
        tx,
        new Date(now.getTime() - config.payoutDebitOverdueSeconds * 1000),
        new Date(now.getTime() - REVERSALS_LISTED_MS),
        500,
      );
      const views = rows.map(attentionView).filter((view) => `payout_${view.reason}` === kind);
      return {
        total: views.length,
        items: views.map((view) =>
          attentionItem({
            kind,
            reason:
              kind === 'payout_reversed'
                ? 'payout reversed after it completed'
                : 'no debit seen for an uploaded payout',
            at: view.since,
            merchant_uid: view.merchant_uid,
            payment_uid: view.payment_uid,
            amount: view.amount,
            detail: view.detail,
          }),
        ),
      };
    },
  };
}

const conflictCredits: AttentionSource = {
  kind: 'conflict_credit',
  read: async (tx, { limit }) => {
    const rows = await listCreditRows(tx, ['conflict'], everyCredit(CONFLICTS_COUNTED));
    return {
      total: rows.length,
      items: rows.slice(0, limit).map((row) =>
        attentionItem({
          kind: 'conflict_credit',
          reason: row.reason,
          at: row.created_at.toISOString(),
          merchant_uid: row.merchant_uid,
          payment_uid: row.payment_uid,
          credit_id: row.id,
          source_id: row.source_id,
          utr: row.utr,
          amount: formatAmount(row.amount),
          detail: [
            row.payer_name && `from ${row.payer_name}`,
            row.payee && `to ${row.payee}`,
            `via ${row.source}`,
          ]
            .filter(Boolean)
            .join(', '),
        }),
      ),
    };
  },
};

/** Credits a bank statement line contradicted (another amount or account): their money is frozen. */
const frozenCredits: AttentionSource = {
  kind: 'frozen_credit',
  read: async (tx, { limit }) => {
    const rows = await contradictedCredits(tx, CONFLICTS_COUNTED);
    return {
      total: rows.length,
      items: rows.slice(0, limit).map((row) =>
        attentionItem({
          kind: 'frozen_credit',
          reason: `a statement line contradicts the credit (${row.hold}): ${row.hold_note}`,
          at: (row.hold_changed_at ?? row.created_at).toISOString(),
          merchant_uid: row.merchant_uid,
          payment_uid: row.payment_uid,
          credit_id: String(row.id),
          utr: row.utr,
          amount: formatAmount(row.amount),
          detail: `the statement says ${formatAmount(row.statement_amount ?? 0)} to ${row.statement_payee || 'no payee'}`,
        }),
      ),
    };
  },
};

/** SMS sources expected to be active that sent no text or heartbeat for SOURCE_SILENCE_MINUTES. */
const silentSources: AttentionSource = {
  kind: 'silent_source',
  read: async (tx, { now, config, limit }) => {
    const quietSince = new Date(now.getTime() - config.sourceSilenceSeconds * 1000);
    const silent = (await watchedCreditSources(tx, '', now, quietSince)).filter(
      (source) => source.state === 'silent',
    );
    return {
      total: silent.length,
      items: silent.slice(0, limit).map((source) => {
        const last = [source.last_text_at, source.last_heartbeat_at, source.created_at]
          .filter((at): at is Date => at !== null)
          .reduce((a, b) => (a > b ? a : b));
        return attentionItem({
          kind: 'silent_source',
          reason: `${source.name} (${source.account}) sent no text or heartbeat since ${last.toISOString()}`,
          at: last.toISOString(),
          merchant_uid: source.merchant_uid,
          source_id: source.id,
          detail: source.last_heartbeat_at
            ? 'its forwarder sent heartbeats before: check the phone, its battery and its network'
            : 'payers have claimed payments to its account that no text has confirmed',
        });
      }),
    };
  },
};

const failingCallbacks: AttentionSource = {
  kind: 'failing_callback',
  read: async (tx, { limit }) => {
    const rows = await failingCallbackOrders(tx, limit);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map((row) =>
        attentionItem({
          kind: 'failing_callback',
          reason: row.failed_for_good
            ? `callback (${row.payment_status}) failed for good after ${row.attempts} attempts`
            : `callback (${row.payment_status}) failing, retrying after ${row.attempts} attempts`,
          at: row.at.toISOString(),
          merchant_uid: row.merchant_uid,
          payment_uid: row.payment_uid,
          detail: row.last_error,
        }),
      ),
    };
  },
};

/** Proposals of manual money actions waiting for a second operator (dual control), before they expire. */
const approvals: AttentionSource = {
  kind: 'approval',
  read: async (tx, { now, limit }) => {
    const waiting = await listApprovals(tx, { state: 'awaiting_approval', beforeId: undefined, limit }, now);
    return {
      total: await countAwaitingApproval(tx, now),
      items: waiting.map((approval) =>
        attentionItem({
          kind: 'approval',
          reason: `${approval.summary}: proposed by ${approval.proposed_by}, waiting for another operator`,
          at: approval.proposed_at.toISOString(),
          detail: `proposal ${approval.id}, expires ${approval.expires_at.toISOString()}${approval.note ? `; note: ${approval.note}` : ''}`,
        }),
      ),
    };
  },
};

export const ATTENTION_SOURCES: readonly AttentionSource[] = [
  conflictCredits,
  frozenCredits,
  texts('conflict_text', 'conflict', (reason) => `text conflicts with a known credit: ${reason}`),
  texts('unparsed_text', 'unparsed', (reason) => `text not read as a credit: ${reason}`),
  texts('suspect_text', 'suspect', (reason) => `suspect text: ${reason}`),
  claims(
    'contested_claim',
    (tx, { limit }) => contestedUtrs(tx, limit),
    (row) =>
      row.claims > 1
        ? `UTR ${row.utr} claimed by ${row.claims} orders: none completes until an operator decides whose it is`
        : `UTR ${row.utr} claimed by another order after its credit completed this one`,
  ),
  claims(
    'claim_limit',
    (tx, { limit }) => ordersAtClaimLimit(tx, MAX_UTRS_PER_ORDER, limit),
    (row) => `payer claimed ${row.claims} UTRs, the most an order takes, and none was credited`,
  ),
  claims(
    'claim_without_credit',
    (tx, { now, config, limit }) =>
      claimsWithoutCredit(tx, new Date(now.getTime() - config.claimAttentionSeconds * 1000), limit),
    (row) => `UTR ${row.utr} claimed and no bank credit names it yet`,
  ),
  failingCallbacks,
  payouts('payout_no_debit'),
  payouts('payout_reversed'),
  silentSources,
  approvals,
] satisfies readonly AttentionSource[];
