/** The root operator revokes a named operator: its token and its console sessions end, audited. */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { revokeOperator as revoke } from '../operator-accounts.js';

/** False when there is no such active operator. */
export async function revokeOperator(
  deps: CommandDeps,
  input: { readonly name: string; readonly actor: string },
): Promise<boolean> {
  return runCommand(deps, async (tx, now) => {
    if (!(await revoke(tx, input.name, now))) return false;
    await recordAction(tx, now, input, {
      action: 'operator.revoke',
      subject: `operator:${input.name}`,
      before: { name: input.name, status: 'active' },
      after: { name: input.name, status: 'revoked' },
    });
    return true;
  });
}
