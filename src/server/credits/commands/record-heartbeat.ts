/** The forwarder of an SMS source sends a heartbeat (ingest-routes.ts): its time is recorded. */
import { type CommandDeps, runCommand } from '../../command.js';
import { recordHeartbeat } from '../credit-source-store.js';

export async function recordSourceHeartbeat(deps: CommandDeps, sourceId: string): Promise<Date> {
  return runCommand(deps, async (tx, now) => {
    await recordHeartbeat(tx, sourceId, now);
    return now;
  });
}
