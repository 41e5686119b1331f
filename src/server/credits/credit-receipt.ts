/** What became of a received credit, as the operator API and the statement import report it. */
import type { ReceiveResult } from './receive-credit.js';

export type CreditReceipt =
  | {
      readonly outcome: 'completed' | 'rejected';
      readonly payment_uid: string;
      readonly payment_status: string;
    }
  | { readonly outcome: 'waiting'; readonly reason: string }
  | { readonly outcome: 'duplicate'; readonly payment_uid: string | null }
  | { readonly outcome: 'conflict'; readonly error: string };

export function receiptOf(result: ReceiveResult): CreditReceipt {
  switch (result.kind) {
    case 'matched':
      return {
        outcome: result.outcome,
        payment_uid: result.order.payment_uid,
        payment_status: result.order.payment_status,
      };
    case 'waiting':
      return { outcome: 'waiting', reason: result.reason };
    case 'duplicate':
      return { outcome: 'duplicate', payment_uid: result.credit.payment_uid };
    case 'conflict':
      return { outcome: 'conflict', error: 'a different credit with this UTR exists' };
  }
}
