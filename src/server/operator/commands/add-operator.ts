/**
 * The root operator adds a named operator, audited in one transaction. The new operator's token
 * is answered once and never written (only its digest is stored).
 */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { type CreateOperatorResult, createOperator } from '../operator-accounts.js';

export async function addOperator(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { readonly name: string; readonly actor: string },
): Promise<CreateOperatorResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const created = await createOperator(tx, input.name, input.actor, now);
    if (created.kind !== 'created') return created;
    await writeAudit(
      tx,
      {
        actor: input.actor,
        action: 'operator.create',
        subject: `operator:${input.name}`,
        after: { name: input.name, status: 'active' },
      },
      now,
    );
    return created;
  });
}
