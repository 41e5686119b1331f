/**
 * A credit from a credit source of kind `api` (a bank integration posting with its own token):
 * received through the one matching path with the source's account as its payee, in one
 * transaction. No person acts, so dual control does not hold it (docs/money-controls.md).
 */
import { type CommandDeps, runCommand } from '../../command.js';
import type { CreditSource } from '../credit-source-store.js';
import { receiveSourceCredit } from '../read-text.js';
import type { ReceiveResult } from '../receive-credit.js';

export interface ApiCredit {
  readonly source: CreditSource;
  readonly utr: string;
  /** Paise. */
  readonly amount: number;
  readonly payerName: string;
  readonly creditedAt: Date | undefined;
}

export async function receiveApiCredit(deps: CommandDeps, input: ApiCredit): Promise<ReceiveResult> {
  return runCommand(deps, (tx, now) =>
    receiveSourceCredit(
      tx,
      input.source,
      { utr: input.utr, amount: input.amount, payer: input.payerName, creditedAt: input.creditedAt ?? now },
      'api',
      now,
    ),
  );
}
