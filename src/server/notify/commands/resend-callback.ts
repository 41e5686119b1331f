/**
 * An operator resends an order's callback: a fresh outbox row for its current state, due at once
 * (resend-callback.ts), audited in the same transaction.
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type ResendResult, resendCallback as resend } from '../resend-callback.js';

export async function resendCallback(
  deps: CommandDeps,
  input: { readonly paymentUid: string; readonly note: string; readonly actor: string },
): Promise<ResendResult> {
  return runCommand(deps, async (tx, now) => {
    const resent = await resend(tx, input.paymentUid, now);
    if (resent.kind !== 'queued') return resent;
    await recordAction(tx, now, input, {
      action: 'callback.resend',
      subject: `order:${resent.row.payment_uid}`,
      before: { notify_status: resent.notifyStatusBefore },
      after: {
        outbox_id: resent.row.id,
        status: resent.row.payment_status,
        status_seq: resent.row.status_seq,
      },
    });
    return resent;
  });
}
