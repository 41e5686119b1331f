/** An operator revokes a credit source and its token, audited in the same transaction. */

import { type CommandDeps, runCommand } from '../../command.js';
import { changeCreditSource } from '../change-credit-source.js';
import { type CreditSource, revokeCreditSource as revoke } from '../credit-source-store.js';

/** The revoked source; undefined when there is no such source. */
export async function revokeCreditSource(
  deps: CommandDeps,
  input: { readonly sourceId: string; readonly actor: string },
): Promise<CreditSource | undefined> {
  return runCommand(deps, (tx, now) =>
    changeCreditSource(tx, now, input, 'credit_source.revoke', (before) => revoke(tx, before.id, now)),
  );
}
