import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutBatchDetail } from '../../../src/shared/payout-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { renderConsole, settle } from '../support/render-console.js';

afterEach(() => cleanup());

const batch = (state: PayoutBatchDetail['state'], preparedBy: string): PayoutBatchDetail => ({
  batch_id: 'PB7F3A2C91D04E',
  account: '50200012345678',
  ifsc: 'HDFC0001234',
  mode: 'NEFT',
  state,
  line_count: 2,
  total: '123456.50',
  prepared_by: preparedBy,
  prepared_at: '2026-03-10T04:30:00.000Z',
  approved_by: state === 'prepared' ? null : 'ravi',
  approved_at: state === 'prepared' ? null : '2026-03-10T05:00:00.000Z',
  uploaded_by: state === 'uploaded' ? 'asha' : null,
  uploaded_at: state === 'uploaded' ? '2026-03-10T05:30:00.000Z' : null,
  lines: [
    {
      line: 1,
      reference: 'PO1A2B3C4D5E6F7',
      payment_uid: '3b2f8c1d-6e4a-4f7b-9a0c-5d1e2f3a4b5c',
      merchant_uid: 'M5F3A9C1E7B2D4086',
      merchant_order_id: 'PO-88',
      beneficiary_account: '000123456789',
      ifsc: 'ICIC0000104',
      beneficiary_name: 'Ravi Kumar',
      amount: '123000.00',
      payment_status: state === 'uploaded' ? 'completed' : 'preparing',
      payment_fail_reason: '',
      utr: state === 'uploaded' ? 'HDFCN52026031012' : '',
      reversed_at: null,
    },
    {
      line: 2,
      reference: 'PO00000000000A1',
      payment_uid: '9a1b2c3d-6e4a-4f7b-9a0c-5d1e2f3a4b5c',
      merchant_uid: 'M5F3A9C1E7B2D4086',
      merchant_order_id: 'PO-89',
      beneficiary_account: '918020034567812',
      ifsc: 'SBIN0011513',
      beneficiary_name: 'José Fernandes',
      amount: '456.50',
      payment_status: state === 'uploaded' ? 'failed' : 'preparing',
      payment_fail_reason: state === 'uploaded' ? 'returned: account closed' : '',
      utr: '',
      reversed_at: null,
    },
  ],
  layouts: [
    {
      name: 'generic',
      title: 'Configurable CSV',
      options: { columns: 'the columns', delimiter: 'comma', header: 'true' },
    },
    {
      name: 'hdfc-enet',
      title: 'HDFC Bank ENet vendor payment upload (NEFT)',
      options: { client_code: 'the code' },
    },
  ],
});

describe('the Payouts screen', () => {
  it('shows what waits per account, the batches and what needs attention, and prepares a batch', async () => {
    const api = fakeApi({
      payoutBatches: async () =>
        ok({
          waiting: [
            {
              account: '50200012345678',
              ifsc: 'HDFC0001234',
              count: 3,
              total: '333.50',
              oldest_at: '2026-03-10T04:00:00.000Z',
            },
          ],
          batches: [batch('approved', 'asha')],
        }),
      payoutsAttention: async () =>
        ok([
          {
            payment_uid: '3b2f8c1d-6e4a-4f7b-9a0c-5d1e2f3a4b5c',
            merchant_uid: 'M5F3A9C1E7B2D4086',
            merchant_order_id: 'PO-77',
            channel: 'bank_file',
            reference: 'PO0000000000077',
            batch_id: 'PB0000000000AA',
            amount: '77.00',
            payment_status: 'processing',
            reason: 'no_debit',
            since: '2026-03-09T04:00:00.000Z',
            detail: 'uploaded, and no debit line with its reference on an imported statement yet',
          },
        ]),
      preparePayoutBatch: async () => ok({ batch: batch('prepared', 'asha'), skipped: [] }),
    });
    renderConsole(api, '#/payouts');
    await settle();
    expect(screen.getByText('Uploaded, no debit on a statement yet')).toBeTruthy();
    expect(screen.getByText('PO0000000000077')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PB7F3A2C91D04E' })).toBeTruthy();
    expect(screen.getByText('₹1,23,456.50')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Prepare a batch for account 50200012345678' });
    fireEvent.change(within(form).getByLabelText('Mode'), { target: { value: 'NEFT' } });
    fireEvent.input(within(form).getByLabelText('Note'), { target: { value: 'morning run' } });
    fireEvent.submit(form);
    await settle();
    expect(api.preparePayoutBatch).toHaveBeenCalledWith({
      account: '50200012345678',
      ifsc: 'HDFC0001234',
      mode: 'NEFT',
      note: 'morning run',
    });
    expect(window.location.hash).toBe('#/payouts/batches/PB7F3A2C91D04E');
  });
});

describe('a payout batch', () => {
  it('cannot be approved by the operator who prepared it', async () => {
    const api = fakeApi({ payoutBatch: async () => ok(batch('prepared', 'asha')) });
    renderConsole(api, '#/payouts/batches/PB7F3A2C91D04E');
    await settle();
    expect(screen.getByText('You prepared this batch: another operator must approve it.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve batch' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is approved by a second operator with a note', async () => {
    const api = fakeApi({ payoutBatch: async () => ok(batch('prepared', 'ravi')) });
    renderConsole(api, '#/payouts/batches/PB7F3A2C91D04E');
    await settle();
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'lines checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve batch' }));
    await settle();
    expect(api.approvePayoutBatch).toHaveBeenCalledWith('PB7F3A2C91D04E', 'lines checked');
  });

  it('offers the file in a layout with its options, then marks it uploaded', async () => {
    const api = fakeApi({ payoutBatch: async () => ok(batch('approved', 'asha')) });
    renderConsole(api, '#/payouts/batches/PB7F3A2C91D04E');
    await settle();
    fireEvent.change(screen.getByLabelText('Layout'), { target: { value: 'hdfc-enet' } });
    fireEvent.input(screen.getByLabelText('client code'), { target: { value: 'LUDO' } });
    await settle();
    const link = screen.getByRole('link', { name: 'Download file' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(
      '/operator/api/payout-batches/PB7F3A2C91D04E/file?layout=hdfc-enet&client_code=LUDO',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark uploaded' }));
    await settle();
    expect(api.markPayoutBatchUploaded).toHaveBeenCalledWith('PB7F3A2C91D04E', '');
  });

  it('shows each line with its outcome and the bank UTR', async () => {
    const api = fakeApi({ payoutBatch: async () => ok(batch('uploaded', 'asha')) });
    renderConsole(api, '#/payouts/batches/PB7F3A2C91D04E');
    await settle();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('HDFCN52026031012')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/returned: account closed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark uploaded' })).toBeNull();
  });
});
