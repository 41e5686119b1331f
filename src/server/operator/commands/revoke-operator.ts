/** The root operator revokes a named operator: its token and its console sessions end, audited. */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { revokeOperator as revoke } from '../operator-accounts.js';

/** False when there is no such active operator. */
export async function revokeOperator(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { readonly name: string; readonly actor: string },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await revoke(tx, input.name, now))) return false;
    await writeAudit(
      tx,
      {
        actor: input.actor,
        action: 'operator.revoke',
        subject: `operator:${input.name}`,
        before: { name: input.name, status: 'active' },
        after: { name: input.name, status: 'revoked' },
      },
      now,
    );
    return true;
  });
}
