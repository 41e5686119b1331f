/**
 * A checked RazorpayX webhook event moves the payout it names, in one transaction with the event's
 * record, so a failure leaves the event to RazorpayX's next retry, and an event seen before is
 * answered as a duplicate. A webhook may come before the answer to our create request: the payout
 * is then found by its reference_id, our payment_uid.
 */

import { findPayout, findPayoutByProviderId } from '../../channel/payout-store.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { lockOrder } from '../../orders/order-store.js';
import { type ApplyOutcome, applyProviderPayout } from '../apply-provider-payout.js';
import { recordProviderEvent } from '../provider-event-store.js';
import type { RazorpayxPayout } from '../razorpayx/razorpayx-payout.js';

export type EventTaken =
  | { readonly outcome: 'duplicate' | 'ignored' | 'unknown_payout' }
  | { readonly outcome: ApplyOutcome; readonly payment_uid: string; readonly payment_status: string };

export async function takeRazorpayxEvent(
  deps: CommandDeps,
  input: { readonly eventId: string; readonly event: string; readonly entity: RazorpayxPayout | undefined },
): Promise<EventTaken> {
  const { entity } = input;
  return runCommand(deps, async (tx, now): Promise<EventTaken> => {
    if (!(await recordProviderEvent(tx, 'razorpayx', input.eventId, input.event, now)))
      return { outcome: 'duplicate' };
    if (!entity) return { outcome: 'ignored' };
    const payout =
      (await findPayoutByProviderId(tx, entity.id)) ??
      (entity.reference_id ? await findPayout(tx, entity.reference_id) : undefined);
    if (payout?.channel !== 'razorpayx' || (payout.provider_payout_id ?? entity.id) !== entity.id)
      return { outcome: 'unknown_payout' };
    const order = await lockOrder(tx, payout.payment_uid);
    if (!order) return { outcome: 'unknown_payout' };
    const outcome = await applyProviderPayout(tx, order, entity, now);
    const after = await lockOrder(tx, payout.payment_uid);
    return {
      outcome,
      payment_uid: order.payment_uid,
      payment_status: after?.payment_status ?? order.payment_status,
    };
  });
}
