/**
 * The root operator adds a named operator, audited in one transaction. The new operator's token
 * is answered once and never written (only its digest is stored).
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type CreateOperatorResult, createOperator } from '../operator-accounts.js';

export async function addOperator(
  deps: CommandDeps,
  input: { readonly name: string; readonly actor: string },
): Promise<CreateOperatorResult> {
  return runCommand(deps, async (tx, now) => {
    const created = await createOperator(tx, input.name, input.actor, now);
    if (created.kind !== 'created') return created;
    await recordAction(tx, now, input, {
      action: 'operator.create',
      subject: `operator:${input.name}`,
      after: { name: input.name, status: 'active' },
    });
    return created;
  });
}
