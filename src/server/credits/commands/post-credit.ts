/**
 * An operator posts a bank credit (operator API, `credit:post`): received as any credit, and
 * written to the audit log with what it settled, in one transaction. A conflict (another amount
 * under the same UTR) changes nothing and is not recorded.
 */
import { formatAmount } from '../../../shared/money.js';
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { receiptOf } from '../credit-receipt.js';
import { type ReceiveResult, receiveCredit } from '../receive-credit.js';

export interface PostCredit {
  readonly utr: string;
  /** Paise. */
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  /** When the bank credited it; now when not given. */
  readonly creditedAt: Date | undefined;
  readonly actor: string;
  readonly note: string;
}

export async function postCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: PostCredit,
): Promise<ReceiveResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const posted = await receiveCredit(
      tx,
      {
        utr: input.utr,
        amount: input.amount,
        payee: input.payee,
        payerName: input.payerName,
        creditedAt: input.creditedAt ?? now,
        source: 'operator',
      },
      now,
    );
    if (posted.kind === 'conflict') return posted;
    await writeAudit(
      tx,
      {
        actor: input.actor,
        action: 'credit.post',
        subject: `credit:${posted.credit.id}`,
        after: {
          payee: posted.credit.payee,
          utr: posted.credit.utr,
          amount: formatAmount(posted.credit.amount),
          ...receiptOf(posted),
        },
        note: input.note,
      },
      now,
    );
    return posted;
  });
}
