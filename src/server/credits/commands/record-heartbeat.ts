/** The forwarder of an SMS source sends a heartbeat (ingest-routes.ts): its time is recorded. */
import type { AppDeps } from '../../app-deps.js';
import { recordHeartbeat } from '../credit-source-store.js';

export async function recordSourceHeartbeat(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  sourceId: string,
): Promise<Date> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => recordHeartbeat(tx, sourceId, now));
  return now;
}
