import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../src/shared/approval-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { renderConsole, settle } from '../support/render-console.js';
import { NO_ATTENTION } from '../support/samples.js';

afterEach(() => cleanup());

const proposal = (
  id: string,
  proposedBy: string,
  state: ApprovalView['state'] = 'awaiting_approval',
): ApprovalView => ({
  approval_id: id,
  action: 'credit.post',
  state,
  subject: 'utr:612345678901',
  summary: 'Post a bank credit of ₹5000.00 with UTR 612345678901 paid to chaipoint@okaxis',
  request: [
    { name: 'utr', value: '612345678901' },
    { name: 'amount', value: '5000.00' },
  ],
  would: [
    { name: 'outcome', value: 'completed' },
    { name: 'payment_uid', value: '3b2f8c1d-6e4a-4f7b-9a0c-5d1e2f3a4b5c' },
  ],
  proposed_by: proposedBy,
  proposed_at: '2026-03-10T04:30:00.000Z',
  note: 'seen on the bank portal',
  expires_at: '2026-03-11T04:30:00.000Z',
  decided_by: state === 'awaiting_approval' ? null : 'asha',
  decided_at: state === 'awaiting_approval' ? null : '2026-03-10T05:00:00.000Z',
  decision_note: '',
  outcome: null,
});

describe('the Approvals screen', () => {
  it('shows what a proposal will do and lets another operator approve it, or reject it with a note', async () => {
    const api = fakeApi({
      approvals: async () => ok([proposal('17', 'ravi'), proposal('18', 'asha')]),
      approve: async () => ok(proposal('17', 'ravi', 'approved')),
      reject: async () => ok(proposal('17', 'ravi', 'rejected')),
    });
    renderConsole(api, '#/approvals');
    await settle();
    expect(api.approvals).toHaveBeenCalledWith('awaiting_approval');
    const theirs = screen.getByRole('region', { name: /#17 Post a bank credit of ₹5000\.00/ });
    expect(within(theirs).getByText('completed')).toBeTruthy();
    expect(within(theirs).getByText('3b2f8c1d-6e4a-4f7b-9a0c-5d1e2f3a4b5c')).toBeTruthy();
    // The signed-in operator (asha) proposed #18: only another operator decides it.
    const own = screen.getByRole('region', { name: /#18 / });
    expect(within(own).getByText('You proposed this: another operator approves or rejects it.')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();

    const reject = within(theirs).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.input(within(theirs).getByLabelText('Note'), { target: { value: 'not on the statement' } });
    await settle();
    fireEvent.click(within(theirs).getByRole('button', { name: 'Reject' }));
    await settle();
    expect(api.reject).toHaveBeenCalledWith('17', 'not on the statement');

    fireEvent.click(within(theirs).getByRole('button', { name: 'Approve' }));
    await settle();
    expect(api.approve).toHaveBeenCalledWith('17', '');
    expect(api.approvals).toHaveBeenCalledTimes(3);
  });

  it('says on Today when one operator alone can move money in production', async () => {
    const api = fakeApi({
      today: async () =>
        ok({
          since: '2026-03-10T18:30:00.000Z',
          orders: [],
          credits: { received: 0, matched: 0, waiting: 0, frozen: 0 },
          failing_callbacks: [],
          attention: NO_ATTENTION,
          dual_control: 'off',
          mode: 'production',
          awaiting_approval: 2,
        }),
    });
    renderConsole(api, '#/today');
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Dual control is off (DUAL_CONTROL=off)');
    expect(screen.getByRole('link', { name: "2 actions await a second operator's approval" })).toBeTruthy();
  });
});
