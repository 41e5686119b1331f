/**
 * RazorpayX Payouts as a payout channel (docs/decisions/0024-payout-provider.md). A pending payout
 * is created at RazorpayX (idempotent by our payment_uid: a create whose answer was lost is
 * simply sent again and answers the same payout); afterwards the webhooks move it, and this
 * channel polls it at most once a `pollIntervalSeconds` as the fallback for a webhook that never
 * came. The provider's id and status are recorded before the step is handed back.
 */
import type { PayoutChannel, PayoutStep } from '../../channel/payout-channel.js';
import { markPolled } from '../../channel/payout-store.js';
import type { Logger } from '../../log.js';
import type { Db } from '../../store/db.js';
import { recordProviderPayout } from '../commands/record-provider-payout.js';
import type { RazorpayxClient } from './razorpayx-client.js';
import { payeeName } from './razorpayx-client.js';
import { outcomeOf } from './razorpayx-payout.js';

export interface RazorpayxChannelDeps {
  readonly db: Db;
  readonly client: RazorpayxClient;
  readonly log: Logger;
  readonly pollIntervalSeconds?: number;
}

const WAIT: PayoutStep = { kind: 'wait' };

export function razorpayxChannel(deps: RazorpayxChannelDeps): PayoutChannel {
  const pollMs = (deps.pollIntervalSeconds ?? 60) * 1000;
  return {
    name: 'razorpayx',
    async next(order, now, payout) {
      if (!payout) return WAIT;
      const created = payout.provider_payout_id !== null;
      if (created && payout.polled_at && now.getTime() - payout.polled_at.getTime() < pollMs) return WAIT;
      if (!created && payeeName(order) === '')
        return { kind: 'fail', to: 'failed', reason: 'the payee name has no letters a bank accepts' };
      const answer = created
        ? await deps.client.fetchPayout(payout.provider_payout_id as string)
        : await deps.client.createPayout(order);
      const context = { payment_uid: order.payment_uid, provider_payout_id: payout.provider_payout_id };
      switch (answer.kind) {
        case 'no_answer':
          deps.log.warn('razorpayx: no answer, will ask again', { ...context, reason: answer.reason });
          if (created) await markPolled(deps.db, order.payment_uid, now);
          return WAIT;
        case 'refused':
          deps.log.warn('razorpayx: request refused', { ...context, reason: answer.reason });
          if (created) {
            await markPolled(deps.db, order.payment_uid, now);
            return WAIT;
          }
          return { kind: 'fail', to: 'failed', reason: `razorpayx refused the payout: ${answer.reason}` };
        case 'payout': {
          const provider = answer.payout;
          if (
            provider.amount !== order.amount ||
            (provider.reference_id && provider.reference_id !== order.payment_uid)
          ) {
            deps.log.error('razorpayx: the payout answered is not this payout', {
              ...context,
              provider_payout_id: provider.id,
            });
            return WAIT;
          }
          await recordProviderPayout(
            deps.db,
            { paymentUid: order.payment_uid, providerId: provider.id, status: provider.status },
            now,
          );
          const outcome = outcomeOf(provider);
          if (outcome.kind === 'step') return outcome.step;
          // Reversed before we saw it complete: the money is back, the payout failed.
          if (outcome.kind === 'returned') return { kind: 'fail', to: 'failed', reason: outcome.reason };
          return WAIT;
        }
      }
    },
  };
}
