/** An operator sets the senders accepted from a credit source, audited in the same transaction. */

import { type CommandDeps, runCommand } from '../../command.js';
import type { SourceSenders } from '../bank-text/bank-senders.js';
import { changeCreditSource } from '../change-credit-source.js';
import { type CreditSource, setSourceSenders } from '../credit-source-store.js';

/** The source as it now is; undefined when there is no such source. */
export async function updateSourceSenders(
  deps: CommandDeps,
  input: {
    readonly sourceId: string;
    readonly actor: string;
    readonly sender_codes?: SourceSenders['sender_codes'] | undefined;
    readonly sender_domains?: SourceSenders['sender_domains'] | undefined;
  },
): Promise<CreditSource | undefined> {
  return runCommand(deps, (tx, now) =>
    changeCreditSource(tx, now, input, 'credit_source.senders', (before) =>
      setSourceSenders(tx, before.id, {
        sender_codes: input.sender_codes ?? before.sender_codes,
        sender_domains: input.sender_domains ?? before.sender_domains,
      }),
    ),
  );
}
