import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Attention, AttentionItem } from '../../../src/shared/attention-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { go, renderConsole, settle } from '../support/render-console.js';
import { NO_ATTENTION, sampleSummary } from '../support/samples.js';

afterEach(() => cleanup());

const conflictText: AttentionItem = {
  kind: 'conflict_text',
  reason: 'text conflicts with a known credit: amount mismatch: received 500.00, expected 499.00',
  at: '2026-03-10T20:00:00Z',
  merchant_uid: 'M100',
  payment_uid: null,
  credit_id: null,
  text_id: '41',
  source_id: 'cs_1',
  utr: '612345678901',
  amount: '500.00',
  detail: 'Money Received - INR 500.00 ... UPI Ref No 612345678901',
};
const waitingClaim: AttentionItem = {
  ...conflictText,
  kind: 'claim_without_credit',
  reason: 'UTR 612345678902 claimed and no bank credit names it yet',
  payment_uid: 'pay_1',
  text_id: null,
  source_id: null,
  utr: '612345678902',
  detail: '',
};
const queue: Attention = {
  counts: { ...NO_ATTENTION, conflict_text: 1, claim_without_credit: 1 },
  items: [conflictText, waitingClaim],
};

describe('the Needs attention screen', () => {
  it('lists each case with its reason and counts per kind, and filters by kind', async () => {
    renderConsole(fakeApi({ attention: async () => ok(queue) }), '#/attention');
    await settle();
    expect(screen.getByRole('link', { name: 'All (2)' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Conflicting texts (1)' })).toBeTruthy();
    expect(screen.getByText(conflictText.reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'pay_1' }).getAttribute('href')).toBe('#/orders/pay_1');
    cleanup();
    renderConsole(fakeApi({ attention: async () => ok(queue) }), '#/attention?kind=claim_without_credit');
    await settle();
    expect(screen.queryByText(conflictText.reason)).toBeNull();
    expect(screen.getByText(waitingClaim.reason)).toBeTruthy();
  });

  it('dismisses a text only with a note, then reloads the queue', async () => {
    const api = fakeApi({ attention: async () => ok(queue) });
    renderConsole(api, '#/attention');
    await settle();
    // The screen and the header's tab counts each read the queue once.
    const shown = api.attention.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss text 41' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss text' }));
    expect(screen.getByText('A note is required.')).toBeTruthy();
    expect(api.dismissText).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'a corrected alert followed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss text' }));
    await settle();
    expect(api.dismissText).toHaveBeenCalledWith('41', 'a corrected alert followed');
    expect(screen.getByText('Text 41 dismissed.')).toBeTruthy();
    expect(api.attention).toHaveBeenCalledTimes(shown + 1);
  });

  it("shows Today's count of each kind, linked to the queue", async () => {
    renderConsole(fakeApi({ today: async () => ok(sampleSummary) }), '#/today');
    await settle();
    const link = screen.getByRole('link', { name: '2 Unparsed texts' });
    expect(link.getAttribute('href')).toBe('#/attention?kind=unparsed_text');
    expect(screen.getByRole('heading', { name: /^Needs attention\W+3$/ })).toBeTruthy();
  });

  it('lists approvals waiting as a kind, and the tabs carry the counts', async () => {
    const approval = {
      kind: 'approval' as const,
      reason: 'Match credit 612345678901 to pay_1: proposed by ravi, waiting for another operator',
      at: '2026-03-10T20:00:00Z',
      merchant_uid: null,
      payment_uid: null,
      credit_id: null,
      text_id: null,
      source_id: null,
      utr: null,
      amount: null,
      detail: 'proposal 3, expires 2026-03-11T20:00:00.000Z',
    };
    const counts = { ...queue.counts, approval: 1 };
    renderConsole(
      fakeApi({ attention: async () => ok({ counts, items: [...queue.items, approval] }) }),
      '#/today',
    );
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    const approvals = within(nav).getByRole('link', { name: 'Approvals' });
    expect(approvals.getAttribute('href')).toBe('#/approvals');
    expect(approvals.textContent).toBe('Approvals11 waiting');
    const waiting = document.getElementById(approvals.getAttribute('aria-describedby') ?? '');
    expect(waiting?.textContent).toBe('1 waiting');
    const needs = within(nav).getByRole('link', { name: 'Needs attention' });
    expect(document.getElementById(needs.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '3 waiting',
    );
    await go('#/attention?kind=approval');
    expect(screen.getByText(approval.reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approve or reject' }).getAttribute('href')).toBe(
      '#/approvals?state=awaiting_approval',
    );
  });

  it('resolves a contested UTR from its card: the claims side by side, one picked, with a note', async () => {
    const contested: AttentionItem = {
      ...waitingClaim,
      kind: 'contested_claim',
      reason: 'UTR 612345678903 claimed by 2 orders: none completes until an operator decides whose it is',
      utr: '612345678903',
    };
    const claimOf = (uid: string, ref: string, ip: string, at: string) => ({
      payment_uid: uid,
      merchant_uid: 'M100',
      merchant_order_id: ref,
      amount: '500.00',
      payment_status: 'processing',
      client_ip: ip,
      claimed_at: at,
      state: 'holding' as const,
    });
    const api = fakeApi({
      attention: async () => ok({ counts: { ...NO_ATTENTION, contested_claim: 1 }, items: [contested] }),
      contestedClaims: async () =>
        ok([
          {
            utr: '612345678903',
            contested_at: '2026-03-10T20:05:00Z',
            credit: null,
            claims: [
              claimOf('pay_1', 'ORD-1', '203.0.113.7', '2026-03-10T20:00:00Z'),
              claimOf('pay_2', 'ORD-2', '198.51.100.9', '2026-03-10T20:05:00Z'),
            ],
          },
        ]),
      resolveContested: async () =>
        ok({
          utr: '612345678903',
          payment_uid: 'pay_2',
          payment_status: 'processing',
          released: ['pay_1'],
          outcome: 'waiting' as const,
        }),
    });
    renderConsole(api, '#/attention?kind=contested_claim');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve UTR 612345678903' }));
    await settle();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getByText('198.51.100.9')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(screen.getByText('Pick the order that keeps the UTR.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Keep for ORD-2' }));
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'payer sent the receipt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await settle();
    expect(api.resolveContested).toHaveBeenCalledWith('612345678903', 'pay_2', 'payer sent the receipt');
    expect(screen.getByText('UTR 612345678903 resolved for pay_2 (waiting).')).toBeTruthy();
  });
});
