/**
 * An operator's change to a credit source, in the caller's transaction: the source as it was, the
 * change, and the audit row naming both. Revoking a source and setting its senders are such changes
 * (commands/revoke-credit-source.ts, commands/update-credit-source.ts).
 */
import { type ActedBy, recordAction } from '../audit/record-action.js';
import type { Queryable } from '../store/db.js';
import { type CreditSource, findCreditSource } from './credit-source-store.js';

/** The source as it now is; undefined when there is no such source. */
export async function changeCreditSource(
  tx: Queryable,
  now: Date,
  by: ActedBy & { readonly sourceId: string },
  action: 'credit_source.revoke' | 'credit_source.senders',
  change: (before: CreditSource) => Promise<CreditSource | undefined>,
): Promise<CreditSource | undefined> {
  const before = await findCreditSource(tx, by.sourceId);
  if (!before) return undefined;
  const after = await change(before);
  await recordAction(tx, now, by, { action, subject: `source:${before.id}`, before, after });
  return after;
}
