/**
 * An operator prepares a payout batch for a bank file (prepare-batch.ts), audited with its lines
 * in the same transaction.
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { batchDetail } from '../batch-detail.js';
import { type PrepareBatch, prepareBatch, type Skipped } from '../prepare-batch.js';

export type BatchPrepared =
  | {
      readonly kind: 'prepared';
      readonly batch: Awaited<ReturnType<typeof batchDetail>>;
      readonly skipped: readonly Skipped[];
    }
  | { readonly kind: 'nothing_waiting'; readonly skipped: readonly Skipped[] };

export async function preparePayoutBatch(
  deps: CommandDeps,
  input: PrepareBatch & { readonly note: string },
): Promise<BatchPrepared> {
  return runCommand(deps, async (tx, now): Promise<BatchPrepared> => {
    const prepared = await prepareBatch(tx, input, now);
    if (prepared.kind !== 'prepared') return prepared;
    const batch = await batchDetail(tx, prepared.batch);
    await recordAction(
      tx,
      now,
      { actor: input.preparedBy, note: input.note },
      {
        action: 'payout_batch.prepare',
        subject: `payout_batch:${prepared.batch.id}`,
        after: {
          state: 'prepared',
          account: input.account,
          ifsc: input.ifsc,
          mode: input.mode,
          lines: batch.lines.map((line) => ({
            reference: line.reference,
            payment_uid: line.payment_uid,
            amount: line.amount,
          })),
          total: batch.total,
          skipped: prepared.skipped,
        },
      },
    );
    return { kind: 'prepared', batch, skipped: prepared.skipped };
  });
}
