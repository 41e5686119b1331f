/**
 * Sandbox only: a bank credit for a collection order's exact amount, paid to its collection
 * account, under a fresh UTR: received and matched as any credit, in one transaction.
 */
import { type CommandDeps, runCommand } from '../../command.js';
import { findOrder } from '../../orders/order-store.js';
import { receiveCredit } from '../receive-credit.js';

export type PaymentSimulated =
  | { readonly kind: 'credited'; readonly amount: number }
  | { readonly kind: 'no_order' };

export async function simulatePayment(
  deps: CommandDeps,
  input: { readonly paymentUid: string; readonly utr: string },
): Promise<PaymentSimulated> {
  return runCommand(deps, async (tx, now): Promise<PaymentSimulated> => {
    const order = await findOrder(tx, input.paymentUid);
    if (order?.transaction_type !== 'income') return { kind: 'no_order' };
    await receiveCredit(
      tx,
      {
        utr: input.utr,
        amount: order.amount,
        payee: order.to_account,
        payerName: 'Sandbox payer',
        creditedAt: now,
        source: 'sandbox',
      },
      now,
    );
    return { kind: 'credited', amount: order.amount };
  });
}
