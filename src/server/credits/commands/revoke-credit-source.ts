/** An operator revokes a credit source and its token, audited in the same transaction. */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type CreditSource, findCreditSource, revokeCreditSource as revoke } from '../credit-source-store.js';

/** The revoked source; undefined when there is no such source. */
export async function revokeCreditSource(
  deps: CommandDeps,
  input: { readonly sourceId: string; readonly actor: string },
): Promise<CreditSource | undefined> {
  return runCommand(deps, async (tx, now) => {
    const before = await findCreditSource(tx, input.sourceId);
    if (!before) return undefined;
    const after = await revoke(tx, before.id, now);
    await recordAction(tx, now, input, {
      action: 'credit_source.revoke',
      subject: `source:${before.id}`,
      before,
      after,
    });
    return after;
  });
}
