import { describe, expect, it } from 'vitest';
import { sandboxChannel } from '../../../src/server/channel/sandbox-channel.js';
import type { Order } from '../../../src/server/orders/order.js';

const SENT_AT = new Date('2026-01-15T10:00:00.000Z');
const later = (seconds: number) => new Date(SENT_AT.getTime() + seconds * 1000);

/** Only the fields the channel reads matter here. */
function payout(payment_status: Order['payment_status'], to_name = 'Asha Verma'): Order {
  return { payment_status, to_name, status_changed_at: SENT_AT, transaction_type: 'expense' } as Order;
}

describe('the sandbox channel', () => {
  const channel = sandboxChannel(30);

  it('is named sandbox, for the order history', () => {
    expect(channel.name).toBe('sandbox');
  });

  it('moves a pending payout to preparing and a preparing one to processing at once', async () => {
    expect(await channel.next(payout('pending'), SENT_AT)).toEqual({ kind: 'advance', to: 'preparing' });
    expect(await channel.next(payout('preparing'), SENT_AT)).toEqual({ kind: 'advance', to: 'processing' });
  });

  it('waits until the delay has passed since the payout was sent, then completes it', async () => {
    expect(await channel.next(payout('processing'), later(29.999))).toEqual({ kind: 'wait' });
    expect(await channel.next(payout('processing'), later(30))).toEqual({ kind: 'advance', to: 'completed' });
  });

  it('fails a payout whose payee name contains FAIL, in any case, after the delay', async () => {
    expect(await channel.next(payout('processing', 'fail me'), later(10))).toEqual({ kind: 'wait' });
    expect(await channel.next(payout('processing', 'Will Fail'), later(30))).toMatchObject({
      kind: 'fail',
      to: 'failed',
    });
  });

  it('rejects a payout whose payee name contains REJECT', async () => {
    const step = await channel.next(payout('processing', 'Reject Test'), later(30));
    expect(step).toMatchObject({ kind: 'fail', to: 'reject' });
    expect(step.kind === 'fail' && step.reason).toMatch(/^sandbox: /);
  });

  it('leaves payouts in any other status alone', async () => {
    for (const status of ['completed', 'failed', 'reject', 'refund', 'overdue'] as const) {
      expect(await channel.next(payout(status), later(3600))).toEqual({ kind: 'wait' });
    }
  });

  it('with no delay completes a payout as soon as it is processing', async () => {
    expect(await sandboxChannel(0).next(payout('processing'), SENT_AT)).toEqual({
      kind: 'advance',
      to: 'completed',
    });
  });
});
