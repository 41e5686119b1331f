/**
 * The audit row of an action someone took, in the action's transaction (audit-store.ts): who acted
 * and the note they gave are read from the action's input, which carries them under these names.
 */
import type { Queryable } from '../store/db.js';
import { type AuditEntry, writeAudit } from './audit-store.js';

/** Who acted, and the note they gave (none for an action that takes no note). */
export interface ActedBy {
  readonly actor: string;
  readonly note?: string | undefined;
}

export async function recordAction(
  tx: Queryable,
  now: Date,
  by: ActedBy,
  entry: Omit<AuditEntry, 'actor' | 'note'>,
): Promise<void> {
  await writeAudit(tx, { ...entry, actor: by.actor, note: by.note ?? '' }, now);
}
