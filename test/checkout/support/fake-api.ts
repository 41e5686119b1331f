import { vi } from 'vitest';
import type { ApiOutcome } from '../../../src/checkout/api/api-outcome.js';
import type { CheckoutApi, OrderSnapshot } from '../../../src/checkout/api/checkout-api.js';
import type { MatchResult, PayerOrder, SimulationResult } from '../../../src/shared/payer-order.js';

/**
 * A stand-in for the payer API. `order` is what the "server" holds; GETs answer it with an ETag
 * derived from its status, and 304 when the caller's ETag still matches. `network` can be
 * switched off to simulate losing the connection.
 */
export class FakeApi implements CheckoutApi {
  order: PayerOrder | undefined;
  online = true;
  matchAnswer: ApiOutcome<MatchResult> | undefined;
  simulateAnswer: ApiOutcome<SimulationResult> = {
    kind: 'ok',
    data: { serial_number: '012111234567', amount: '1500.00' },
  };
  readonly getOrderCalls: { paymentUid: string; etag: string | undefined }[] = [];
  readonly submitUtr = vi.fn(async (paymentUid: string, utr: string): Promise<ApiOutcome<MatchResult>> => {
    if (!this.online) return { kind: 'offline' };
    if (this.matchAnswer) return this.matchAnswer;
    if (this.order) {
      // As the service does: every distinct UTR uses one of the order's tries.
      const attemptsLeft = Math.max(0, this.order.utr_attempts_left - (this.order.utr === utr ? 0 : 1));
      this.order = { ...this.order, payment_status: 'processing', utr, utr_attempts_left: attemptsLeft };
    }
    return {
      kind: 'ok',
      data: { payment_uid: paymentUid, serial_number: utr, payment_status: 'processing' },
    };
  });
  readonly simulatePayment = vi.fn(async (): Promise<ApiOutcome<SimulationResult>> => this.simulateAnswer);

  constructor(order?: PayerOrder) {
    this.order = order;
  }

  etag(): string | undefined {
    return this.order ? `"${this.order.payment_status}-${this.order.utr ?? ''}"` : undefined;
  }

  async getOrder(paymentUid: string, etag?: string): Promise<ApiOutcome<OrderSnapshot>> {
    this.getOrderCalls.push({ paymentUid, etag });
    if (!this.online) return { kind: 'offline' };
    if (!this.order) return { kind: 'not-found' };
    if (etag !== undefined && etag === this.etag()) return { kind: 'not-modified' };
    return { kind: 'ok', data: { order: this.order, etag: this.etag() } };
  }
}
