/** An operator revokes a credit source and its token, audited in the same transaction. */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { type CreditSource, findCreditSource, revokeCreditSource as revoke } from '../credit-source-store.js';

/** The revoked source; undefined when there is no such source. */
export async function revokeCreditSource(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { readonly sourceId: string; readonly actor: string },
): Promise<CreditSource | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await findCreditSource(tx, input.sourceId);
    if (!before) return undefined;
    const after = await revoke(tx, before.id, now);
    await writeAudit(
      tx,
      { actor: input.actor, action: 'credit_source.revoke', subject: `source:${before.id}`, before, after },
      now,
    );
    return after;
  });
}
