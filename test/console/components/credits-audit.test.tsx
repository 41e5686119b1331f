import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListedCredit, ListedText } from '../../../src/shared/credit-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { renderConsole, settle } from '../support/render-console.js';
import { orderRow, sampleMerchant } from '../support/samples.js';

afterEach(() => cleanup());

const unparsed: ListedText = {
  id: '41',
  cursor: 'text:41',
  source_id: 'cs_0a1b2c3d4e5f6a7b',
  merchant_uid: 'M100',
  state: 'unparsed',
  created_at: '2026-03-10T20:00:00Z',
  received_at: '2026-03-10T20:00:00Z',
  reason: 'credit alert without a 12-digit reference',
  channel: 'sms',
  sender: 'VM-HDFCBK',
  account: 'chaipoint@okaxis',
  body: 'Rs.1,499.00 credited to a/c XX1234 on 10-03-26 by asha@okicici Ref 61234567890. -HDFC',
  // The service's parser found these; it found no 12-digit reference.
  reading: {
    amount: '1499.00',
    utr: null,
    credited_at: '2026-03-09T18:30:00.000Z',
    payer_name: 'asha@okicici',
  },
};

const waiting: ListedCredit = {
  id: '7',
  cursor: 'credit:7',
  state: 'waiting',
  created_at: '2026-03-10T20:00:00Z',
  credited_at: '2026-03-10T19:58:00Z',
  utr: '612345678901',
  amount: 149900,
  payer_name: 'Asha Rao',
  payee: 'chaipoint@okaxis',
  source: 'sms',
  source_id: 'cs_0a1b2c3d4e5f6a7b',
  merchant_uid: 'M100',
  payment_uid: null,
  payment_status: null,
  matched_at: null,
  reason: '',
};

describe('the Credits screen', () => {
  it("shows an unparsed text beside a form prefilled with the service parser's reading, and fixes it only with a note", async () => {
    const api = fakeApi({ credits: async (state) => ok(state === 'unparsed' ? [unparsed] : []) });
    renderConsole(api, '#/credits?tab=unparsed');
    await settle();
    expect(api.credits).toHaveBeenCalledWith('unparsed', undefined);
    expect(screen.getByText(unparsed.body ?? '')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Fix text 41' });
    const fix = within(form);
    expect((fix.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('1499.00');
    // No guess of its own: the 11-digit number in the text is not offered as the UTR.
    expect((fix.getByLabelText('UTR (12 digits)') as HTMLInputElement).value).toBe('');
    expect((fix.getByLabelText('Payer') as HTMLInputElement).value).toBe('asha@okicici');
    expect((fix.getByLabelText('Credited at (blank: when received)') as HTMLInputElement).value).toBe(
      '2026-03-10T00:00:00+05:30',
    );
    fireEvent.input(fix.getByLabelText('UTR (12 digits)'), { target: { value: '612345678901' } });
    fireEvent.submit(form);
    await settle();
    expect(screen.getByText('A note is required.')).toBeTruthy();
    expect(api.fixText).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('Note'), {
      target: { value: 'reference read from the statement' },
    });
    fireEvent.submit(form);
    await settle();
    expect(api.fixText).toHaveBeenCalledWith('41', {
      utr: '612345678901',
      amount: '1499.00',
      payer_name: 'asha@okicici',
      credited_at: '2026-03-10T00:00:00+05:30',
      note: 'reference read from the statement',
    });
    expect(screen.getByText('Text 41 fixed into credit 612345678901.')).toBeTruthy();
  });

  it('starts the fix form blank where the parser found nothing', async () => {
    const bare: ListedText = {
      ...unparsed,
      id: '42',
      body: 'Your a/c is credited. Call 1800 000 000',
      reading: { amount: null, utr: null, credited_at: null, payer_name: null },
    };
    const api = fakeApi({ credits: async (state) => ok(state === 'unparsed' ? [bare] : []) });
    renderConsole(api, '#/credits?tab=unparsed');
    await settle();
    const fix = within(screen.getByRole('form', { name: 'Fix text 42' }));
    for (const label of ['Amount (₹)', 'UTR (12 digits)', 'Payer', 'Credited at (blank: when received)']) {
      expect((fix.getByLabelText(label) as HTMLInputElement).value, label).toBe('');
    }
  });

  it('matches a waiting credit to an order found inside the dialog, with a note', async () => {
    const api = fakeApi({
      credits: async (state) => ok(state === 'waiting' ? [waiting] : []),
      searchOrders: async () =>
        ok({
          orders: [{ ...orderRow(5), claimed_utrs: ['612345678901', '698765432109'] }],
          next_cursor: null,
        }),
    });
    renderConsole(api, '#/credits');
    await settle();
    expect(screen.getByText('₹1,499.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Match 612345678901' }));
    const dialog = screen.getByRole('dialog', { name: 'Match credit 612345678901' });
    await settle();
    // Proposed before any search: open collections of the same amount to the same account.
    expect(api.searchOrders).toHaveBeenCalledWith({
      q: '1499.00',
      kind: 'income',
      status: 'pending,processing',
      merchant_uid: 'M100',
      limit: '10',
    });
    expect(
      screen.getByRole('group', {
        name: 'Candidates: open orders of ₹1,499.00 to the same account, newest first',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: /ORD-5 .* created .* UTR claimed 612345678901, 698765432109$/ }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Find the order') as HTMLInputElement).value).toBe('Asha Rao');
    fireEvent.submit(screen.getByLabelText('Find the order').closest('form') as HTMLFormElement);
    await settle();
    expect(api.searchOrders).toHaveBeenCalledWith({ q: 'Asha Rao', limit: '10' });
    fireEvent.click(screen.getByRole('radio', { name: /ORD-5/ }));
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'payer sent the screenshot' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Match' }).closest('form') as HTMLFormElement);
    await settle();
    expect(api.matchCredit).toHaveBeenCalledWith('7', 'pay_5', 'payer sent the screenshot');
    expect(dialog.isConnected).toBe(false);
    expect(screen.getByText('Credit 612345678901 matched to pay_5.')).toBeTruthy();
  });

  it('pages older credits with the last id as the cursor', async () => {
    const page = Array.from({ length: 50 }, (_, i) => ({
      ...waiting,
      id: String(100 - i),
      utr: `6123456789${String(i).padStart(2, '0')}`,
    }));
    const api = fakeApi({ credits: async (_state, before) => ok(before ? [waiting] : page) });
    renderConsole(api, '#/credits?tab=waiting');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await settle();
    expect(api.credits).toHaveBeenLastCalledWith('waiting', '51');
  });
});

describe("the credit forms show the API's refusal of a field under that field", () => {
  const refused = (details: string) => async () => ({
    kind: 'refused' as const,
    code: 'invalid_field',
    details,
  });

  /** The field is marked invalid and described by the message; the alert names it by its label. */
  function expectRefusedAt(field: HTMLElement, label: string, message: string) {
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(screen.getByRole('alert').textContent).toBe(`Check ${label}: ${message}`);
  }

  it('on the hand-posted credit', async () => {
    const api = fakeApi({ postCredit: refused('utr: must be exactly 12 digits') });
    renderConsole(api, '#/credits');
    await settle();
    fireEvent.input(screen.getByLabelText('UTR (12 digits)'), { target: { value: '6123' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Post credit' }).closest('form') as HTMLFormElement);
    await settle();
    expectRefusedAt(screen.getByLabelText('UTR (12 digits)'), 'UTR (12 digits)', 'Enter exactly 12 digits.');
    expect(screen.getByLabelText('Amount (₹)').getAttribute('aria-invalid')).toBeNull();
  });

  it('on the fix of a text into a credit, the missing note still said under the form', async () => {
    const api = fakeApi({
      credits: async (state) => ok(state === 'unparsed' ? [unparsed] : []),
      fixText: refused('amount: must be greater than 0'),
    });
    renderConsole(api, '#/credits?tab=unparsed');
    await settle();
    const form = screen.getByRole('form', { name: 'Fix text 41' });
    fireEvent.submit(form);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('A note is required.');
    fireEvent.input(within(form).getByLabelText('Note'), { target: { value: 'read from the statement' } });
    fireEvent.submit(form);
    await settle();
    expectRefusedAt(within(form).getByLabelText('Amount (₹)'), 'Amount (₹)', 'Enter an amount above 0.');
  });

  it('on a new credit source', async () => {
    const api = fakeApi({
      merchant: async () => ok(sampleMerchant),
      createCreditSource: refused('name: Too small: expected string to have >=1 characters'),
    });
    renderConsole(api, '#/merchants/M100');
    await settle();
    fireEvent.submit(screen.getByRole('form', { name: 'Add a credit source' }));
    await settle();
    expectRefusedAt(screen.getByLabelText('Source name'), 'Source name', 'Fill this in.');
  });
});

describe('the Audit log screen', () => {
  it('lists manual actions with who, what and why, and filters by operator', async () => {
    const api = fakeApi({
      audit: async (query) =>
        ok(
          query.actor === 'nobody'
            ? []
            : [
                {
                  id: 3,
                  at: '2026-03-10T20:00:00Z',
                  actor: 'asha',
                  action: 'credit.match',
                  subject: 'credit:7',
                  before: { payment_uid: null },
                  after: { payment_uid: 'pay_5' },
                  note: 'payer sent the screenshot',
                },
              ],
        ),
    });
    renderConsole(api, '#/audit');
    await settle();
    expect(screen.getByRole('cell', { name: 'asha' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'payer sent the screenshot' })).toBeTruthy();
    expect(screen.getByText('payment_uid').closest('li')?.textContent).toBe('payment_uid: (none) -> pay_5');
    fireEvent.input(screen.getByLabelText('Operator'), { target: { value: 'nobody' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the audit log' }));
    await settle();
    expect(api.audit).toHaveBeenLastCalledWith({ actor: 'nobody', action: '', subject: '' });
    expect(screen.getByText('No manual actions recorded that match.')).toBeTruthy();
  });
});

describe("a merchant's credit sources", () => {
  it('adds an SMS source for one of its accounts and shows the ingest token once', async () => {
    const { sampleMerchant } = await import('../support/samples.js');
    const api = fakeApi({
      merchant: async () => ok(sampleMerchant),
      createCreditSource: async () =>
        ok({
          id: 'src_1',
          merchant_uid: 'M100',
          account: 'chaipoint@okaxis',
          kind: 'sms' as const,
          name: 'Shop phone',
          status: 'active' as const,
          created_at: '2026-03-10T20:00:00Z',
          revoked_at: null,
          sender_codes: [],
          sender_domains: [],
          source_id: 'src_1',
          ingest_token: 'tok_secret_once',
          sms_url: 'https://pay.test/ingest/sms/tok_secret_once',
        }),
    });
    renderConsole(api, '#/merchants/M100');
    await settle();
    await settle();
    expect(await screen.findByText('No credit sources yet.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Source name'), { target: { value: 'Shop phone' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add a credit source' }));
    await settle();
    expect(api.createCreditSource).toHaveBeenCalledWith({
      merchant_uid: 'M100',
      name: 'Shop phone',
      kind: 'sms',
      account: 'chaipoint@okaxis',
    });
    expect(screen.getByText('tok_secret_once')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('tok_secret_once')).toBeNull();
  });
});
