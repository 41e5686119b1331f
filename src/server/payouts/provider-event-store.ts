/** SQL for provider_webhook_events: the webhook events already taken, so a replay is refused. */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow } from '../store/rows.js';

const Inserted = z.object({ event_id: z.string() });

/** Records the event; false when it was taken before (a duplicate delivery or a replay). */
export async function recordProviderEvent(
  tx: Queryable,
  provider: string,
  eventId: string,
  event: string,
  now: Date,
): Promise<boolean> {
  const row = await queryRow(
    tx,
    Inserted,
    `INSERT INTO provider_webhook_events (provider, event_id, event, received_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [provider, eventId, event, now],
  );
  return row !== undefined;
}
