/**
 * An alert text enters from a credit source: forwarded by a phone or a mailbox (`ingestText`), or
 * replayed by an operator (`replayText`, audited). Nothing is lost: the text is stored as received
 * and committed before it is read (a body that cannot be read as a text is stored `invalid`, with
 * its reason and original bytes, and not read); then it is read, its credit matched and its outcome recorded in
 * one transaction (read-text.ts), with the operator's audit row for a replay.
 */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { insertRawText } from '../raw-text-store.js';
import { type IncomingText, type IngestResult, readText, type StoredText, storedText } from '../read-text.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function ingestText(deps: Deps, input: IncomingText): Promise<IngestResult> {
  const now = deps.clock.now();
  const stored = await storeText(deps, input, now);
  // A body that could not be read as a text is kept as it came, with its reason; nothing to read.
  if (input.invalid) return { rawTextId: stored.rawTextId, outcome: 'invalid', reason: input.invalid.reason };
  return deps.db.transaction((tx) => readText(tx, input, stored, now));
}

export async function replayText(
  deps: Deps,
  input: IncomingText & { readonly actor: string },
): Promise<IngestResult> {
  const now = deps.clock.now();
  const stored = await storeText(deps, input, now);
  return deps.db.transaction(async (tx) => {
    const done = await readText(tx, input, stored, now);
    await writeAudit(
      tx,
      {
        actor: input.actor,
        action: 'text.replay',
        subject: `text:${done.rawTextId}`,
        after: { outcome: done.outcome, reason: done.reason, credit_id: done.credit?.id ?? null },
      },
      now,
    );
    return done;
  });
}

async function storeText(deps: Deps, input: IncomingText, now: Date): Promise<StoredText> {
  const { body, digest } = storedText(input.text);
  const receivedAt = input.receivedAt ?? now;
  const rawTextId = await insertRawText(
    deps.db,
    {
      sourceId: input.source.id,
      channel: input.channel,
      sender: input.sender.slice(0, 100),
      body,
      bodyDigest: digest,
      receivedAt,
      invalid: input.invalid,
    },
    now,
  );
  return { rawTextId, body, digest, receivedAt };
}
