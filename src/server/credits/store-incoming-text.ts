/** An alert text stored as received, before it is read (read-text.ts): its row, body and digest. */
import type { Queryable } from '../store/db.js';
import { insertRawText } from './raw-text-store.js';
import { type IncomingText, type StoredText, storedText } from './read-text.js';

export async function storeIncomingText(tx: Queryable, input: IncomingText, now: Date): Promise<StoredText> {
  const { body, digest } = storedText(input.text);
  const receivedAt = input.receivedAt ?? now;
  const rawTextId = await insertRawText(
    tx,
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
