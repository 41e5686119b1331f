import type { TimelineEntry } from '../../shared/console-views.js';
import { formatInr } from './format-inr.js';

export interface TimelineText {
  readonly title: string;
  readonly detail: string;
  /** Tone of the entry's mark: a failed callback attempt or a refusal reads as a problem. */
  readonly tone: 'neutral' | 'good' | 'bad';
}

const CAUSES: Readonly<Record<string, string>> = {
  utr_claim: 'payer submitted a UTR',
  bank_credit: 'bank credit',
  expiry: 'expired',
  channel: 'payout channel',
  operator: 'operator',
  reversal: 'money returned after the payout completed',
};

const LEDGER_EVENTS: Readonly<Record<string, string>> = {
  collected: 'Collected into the available balance',
  held: 'Payout amount held',
  paid_out: 'Paid out from the held balance',
  released: 'Hold released to the available balance',
  reversed: 'Returned payout back to the available balance',
};

/** One line of an order's timeline in plain words. */
export function timelineText(entry: TimelineEntry): TimelineText {
  switch (entry.kind) {
    case 'created':
      return {
        title: `Order created, ${formatInr(entry.amount)} by ${entry.payterm}`,
        detail: [entry.client_ip && `from ${entry.client_ip}`, entry.user_agent].filter(Boolean).join(' · '),
        tone: 'neutral',
      };
    case 'status':
      if (entry.cause === 'reversal')
        return { title: 'Payout reversed after it completed', detail: entry.detail, tone: 'bad' };
      return {
        title: `Status ${entry.from ?? 'none'} → ${entry.to}`,
        detail: [CAUSES[entry.cause] ?? entry.cause, entry.detail].filter(Boolean).join(': '),
        tone:
          entry.to === 'completed'
            ? 'good'
            : ['failed', 'reject', 'refund', 'overdue'].includes(entry.to)
              ? 'bad'
              : 'neutral',
      };
    case 'claim':
      return {
        title: `UTR ${entry.utr} claimed`,
        detail: `client address ${entry.client_ip || 'unknown'}`,
        tone: 'neutral',
      };
    case 'credit':
      return {
        title: `Bank credit ${formatInr(entry.amount)}, UTR ${entry.utr}`,
        detail: [
          entry.payer_name && `from ${entry.payer_name}`,
          `source ${entry.source}`,
          entry.matched ? 'matched to this order' : 'not matched to this order',
        ]
          .filter(Boolean)
          .join(' · '),
        tone: entry.matched ? 'good' : 'bad',
      };
    case 'ledger':
      return {
        title: LEDGER_EVENTS[entry.event] ?? `Ledger posting ${entry.event}`,
        detail: entry.entries.map((line) => `${line.account} ${formatInr(line.amount)}`).join(' · '),
        tone: 'neutral',
      };
    case 'callback':
      return {
        title: `Callback queued for status ${entry.payment_status}`,
        detail: `${entry.state}, ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}${entry.last_error ? ` · ${entry.last_error}` : ''}`,
        tone: entry.state === 'failed' ? 'bad' : entry.state === 'done' ? 'good' : 'neutral',
      };
    case 'attempt': {
      const ok =
        entry.http_status !== null && entry.http_status >= 200 && entry.http_status < 300 && !entry.error;
      return {
        title: `Callback attempt ${entry.attempt} (${entry.payment_status}): ${entry.http_status === null ? 'no answer' : `HTTP ${entry.http_status}`}, ${entry.latency_ms} ms`,
        detail: [entry.error, entry.response_snippet && `“${entry.response_snippet.slice(0, 200)}”`]
          .filter(Boolean)
          .join(' · '),
        tone: ok ? 'good' : 'bad',
      };
    }
  }
}

/** A story entry as far as the payer's name on a credit goes: the console's timeline and the portal's story. */
interface PayerNamed {
  readonly kind: string;
  readonly payer_name?: string;
  readonly matched?: boolean;
}

/**
 * The payer's name or VPA as the bank's credit gave it (the matched credit's first), '' when none did.
 * The portal's story lists matched credits only, without the flag.
 */
export function creditPayerName(story: readonly PayerNamed[]): string {
  const credits = story.filter((entry) => entry.kind === 'credit' && entry.payer_name);
  const chosen = credits.find((entry) => entry.matched !== false) ?? credits[0];
  return chosen?.payer_name ?? '';
}

/** The order's payer as shown: its own name, else the credit's, said to be the credit's. */
export function payerShown(orderPayer: string, story: readonly PayerNamed[]): string {
  return payerOrCredit(orderPayer, creditPayerName(story));
}

/** The order's own payer name, else the name on its bank credit, said to be the credit's ('' if neither). */
export function payerOrCredit(orderPayer: string, creditPayer: string): string {
  if (orderPayer) return orderPayer;
  return creditPayer ? `${creditPayer} (from the bank credit)` : '';
}
