/**
 * The built-in sandbox bank: a payout goes pending -> preparing -> processing at once and
 * completes `delaySeconds` after it was sent. Payee names containing FAIL or REJECT make it
 * fail or be rejected, so merchants can test those paths.
 */
import type { PayoutChannel, PayoutStep } from './payout-channel.js';

export function sandboxChannel(delaySeconds: number): PayoutChannel {
  return {
    name: 'sandbox',
    async next(order, now): Promise<PayoutStep> {
      const name = order.to_name.toUpperCase();
      switch (order.payment_status) {
        case 'pending':
          return { kind: 'advance', to: 'preparing' };
        case 'preparing':
          return { kind: 'advance', to: 'processing' };
        case 'processing': {
          const sentFor = (now.getTime() - order.status_changed_at.getTime()) / 1000;
          if (sentFor < delaySeconds) return { kind: 'wait' };
          if (name.includes('REJECT'))
            return { kind: 'fail', to: 'reject', reason: 'sandbox: payee account rejected the transfer' };
          if (name.includes('FAIL'))
            return { kind: 'fail', to: 'failed', reason: 'sandbox: payee bank declined the transfer' };
          return { kind: 'advance', to: 'completed' };
        }
        default:
          return { kind: 'wait' };
      }
    },
  };
}
