import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../../src/console/lib/audit-diff.js';
import { fieldError } from '../../../src/console/lib/field-error.js';
import { formatCount, formatInr, groupIndian, sumAmounts } from '../../../src/console/lib/format-inr.js';
import { formatIst, istDay, istDayEnd, istDayStart } from '../../../src/console/lib/format-ist.js';
import { draftOf, merchantBody } from '../../../src/console/lib/merchant-form.js';
import { orderActions } from '../../../src/console/lib/order-actions.js';
import { ordersHref, parseRoute } from '../../../src/console/lib/route.js';
import { timelineText } from '../../../src/console/lib/timeline-text.js';
import { matchRate, todayRows } from '../../../src/console/lib/today-figures.js';
import type { TimelineEntry } from '../../../src/shared/console-views.js';
import type { QueryView } from '../../../src/shared/order-view-schemas.js';
import { NO_ATTENTION, sampleMerchant, sampleOrder } from '../support/samples.js';

describe('Indian number formatting', () => {
  it('groups rupees as lakhs and crores, keeping every paisa', () => {
    expect(formatInr('12345678.5')).toBe('₹1,23,45,678.50');
    expect(formatInr('100000.00')).toBe('₹1,00,000.00');
    expect(formatInr('999')).toBe('₹999.00');
    expect(formatInr('-1500.25')).toBe('-₹1,500.25');
    expect(formatInr('99999999999.99')).toBe('₹99,99,99,99,999.99');
    expect(groupIndian('1234567')).toBe('12,34,567');
    expect(formatCount(1234567)).toBe('12,34,567');
  });

  it('sums decimal amounts without floating point', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['99999999999.99', '0.01'])).toBe('100000000000.00');
    expect(sumAmounts([])).toBe('0.00');
  });
});

describe('IST times', () => {
  it('shows an instant as India Standard Time in 24 hours', () => {
    expect(formatIst('2026-03-10T20:00:05Z')).toBe('11 Mar 2026, 01:30:05 IST');
    expect(formatIst(null)).toBe('—');
  });

  it('turns an IST calendar day into the instants that bound it', () => {
    expect(istDayStart('2026-03-11')).toBe('2026-03-10T18:30:00.000Z');
    expect(istDayEnd('2026-03-11')).toBe('2026-03-11T18:30:00.000Z');
    expect(istDayStart('11/03/2026')).toBeUndefined();
    expect(istDay('2026-03-10T18:30:00.000Z')).toBe('2026-03-11');
  });
});

describe('routes', () => {
  it('reads every screen from the address and writes order filters back', () => {
    expect(parseRoute('')).toEqual({ screen: 'today' });
    expect(parseRoute('#/orders/pay%2F1')).toEqual({ screen: 'order', paymentUid: 'pay/1' });
    expect(parseRoute('#/merchants/M1')).toEqual({ screen: 'merchant', merchantUid: 'M1' });
    expect(parseRoute('#/credits?tab=all')).toEqual({ screen: 'credits', tab: 'all' });
    expect(parseRoute('#/nowhere')).toEqual({ screen: 'not-found' });
    const href = ordersHref({ q: '612345678901', status: 'failed,reject' });
    const route = parseRoute(href);
    expect(route).toMatchObject({
      screen: 'orders',
      query: { q: '612345678901', status: 'failed,reject', kind: '' },
    });
  });
});

describe("Today's table", () => {
  it('gathers statuses into five columns per kind, expired apart from rejected, with counts and summed amounts', () => {
    const rows = todayRows({
      since: '2026-03-10T18:30:00.000Z',
      orders: [
        { kind: 'income', status: 'completed', count: 2, amount: '300.50' },
        { kind: 'income', status: 'failed', count: 1, amount: '10.00' },
        { kind: 'income', status: 'overdue', count: 3, amount: '30.00' },
        { kind: 'income', status: 'reject', count: 1, amount: '7.00' },
        { kind: 'expense', status: 'preparing', count: 1, amount: '5.00' },
      ],
      credits: { received: 0, matched: 0, waiting: 0, frozen: 0 },
      failing_callbacks: [],
      attention: NO_ATTENTION,
    });
    expect(rows[0]?.figures.map((f) => [f.count, f.amount])).toEqual([
      [2, '300.50'],
      [0, '0.00'],
      [0, '0.00'],
      [4, '40.00'],
      [1, '7.00'],
    ]);
    expect(rows[1]?.figures[1]).toEqual({ count: 1, amount: '5.00', status: 'pending,preparing' });
  });

  it('gives the match rate to a tenth of a percent, or a dash when no credit arrived', () => {
    expect(matchRate(8, 7)).toBe('87.5%');
    expect(matchRate(3, 1)).toBe('33.3%');
    expect(matchRate(0, 0)).toBe('—');
  });
});

describe('order actions', () => {
  const order = (overrides: Partial<QueryView>): QueryView =>
    sampleOrder({ payment_status: 'pending', ...overrides });
  const labels = (o: QueryView) => orderActions(o).map((action) => action.label);

  it('offers what the transition table allows, and never completing a collection', () => {
    expect(labels(order({}))).toEqual(['Resend callback', 'Fail']);
    expect(labels(order({ payment_status: 'processing' }))).toEqual([
      'Resend callback',
      'Fail',
      'Reject',
      'Refund',
    ]);
    expect(labels(order({ payment_status: 'overdue', notify_url: '' }))).toEqual(['Refund']);
    expect(labels(order({ payment_status: 'completed' }))).toEqual(['Resend callback']);
    expect(labels(order({ transaction_type: 'expense', payment_status: 'processing' }))).toEqual([
      'Resend callback',
      'Mark paid out',
      'Fail payout',
      'Reject payout',
    ]);
    expect(labels(order({ transaction_type: 'expense', payment_status: 'failed' }))).toEqual([
      'Resend callback',
    ]);
  });
});

describe('timeline lines', () => {
  it('says what happened in plain words with the figures that matter', () => {
    const attempt: TimelineEntry = {
      kind: 'attempt',
      at: '2026-03-10T20:00:00Z',
      outbox_id: 1,
      attempt: 2,
      payment_status: 'completed',
      http_status: 500,
      latency_ms: 41,
      response_snippet: 'oops',
      error: '',
    };
    expect(timelineText(attempt)).toEqual({
      title: 'Callback attempt 2 (completed): HTTP 500, 41 ms',
      detail: '“oops”',
      tone: 'bad',
    });
    expect(
      timelineText({ kind: 'claim', at: '2026-03-10T20:00:00Z', utr: '612345678901', client_ip: '10.0.0.7' }),
    ).toMatchObject({ title: 'UTR 612345678901 claimed', detail: 'client address 10.0.0.7' });
    expect(
      timelineText({
        kind: 'ledger',
        at: '2026-03-10T20:00:00Z',
        event: 'collected',
        entries: [{ account: 'sys:bank', amount: '-100000.00' }],
      }).detail,
    ).toBe('sys:bank -₹1,00,000.00');
  });

  it('tells a payout reversed after it completed apart from a status change', () => {
    expect(
      timelineText({
        kind: 'status',
        at: '2026-03-12T20:00:00Z',
        seq: 4,
        from: 'completed',
        to: 'completed',
        cause: 'reversal',
        detail: 'returned by the bank: IMPS RETURN ACCOUNT CLOSED',
      }),
    ).toEqual({
      title: 'Payout reversed after it completed',
      detail: 'returned by the bank: IMPS RETURN ACCOUNT CLOSED',
      tone: 'bad',
    });
    expect(
      timelineText({
        kind: 'ledger',
        at: '2026-03-12T20:00:00Z',
        event: 'reversed',
        entries: [{ account: 'available', amount: '50.00' }],
      }).title,
    ).toBe('Returned payout back to the available balance');
  });
});

describe('the merchant form', () => {
  it('sends a cleared payout channel as null, back to the default', () => {
    const before = { ...draftOf(sampleMerchant), payout_channel: 'bank_file' };
    expect(merchantBody({ ...before, payout_channel: '' }, before)).toEqual({ payout_channel: null });
    expect(merchantBody({ ...before, payout_channel: 'razorpayx' }, before)).toEqual({
      payout_channel: 'razorpayx',
    });
  });

  it('sends every filled field on create and only the changes on update, origins one per line', () => {
    const empty = draftOf(undefined);
    expect(
      merchantBody({ ...empty, name: ' Chai ', embed_origins: 'https://a.example\nhttps://b.example' }),
    ).toEqual({
      name: 'Chai',
      embed_origins: ['https://a.example', 'https://b.example'],
    });
    const before = draftOf(sampleMerchant);
    expect(merchantBody({ ...before, upi_max: '5000.00', brand_color: '' }, before)).toEqual({
      upi_max: '5000.00',
      brand_color: null,
    });
    expect(merchantBody(before, before)).toEqual({});
  });
});

describe('amounts and times in the credit forms', () => {
  it('shows a credit amount given in paise', async () => {
    const { creditAmount } = await import('../../../src/console/lib/credit-amount.js');
    expect(creditAmount(12345600)).toBe('₹1,23,456.00');
    expect(creditAmount('99.50')).toBe('₹99.50');
  });

  it('writes a credit time in IST with its offset, and leaves a text it cannot read as it is', async () => {
    const { istIso } = await import('../../../src/console/lib/format-ist.js');
    expect(istIso('2026-03-10T20:00:05.000Z')).toBe('2026-03-11T01:30:05+05:30');
    expect(istIso('soon')).toBe('soon');
  });
});

describe('auditChanges', () => {
  it('lists each changed field as old -> new, nested fields by their path, and whole objects field by field', () => {
    expect(
      auditChanges(
        { name: 'Chai Point', limits: { max: '5000.00', min: '1.00' }, enabled: true },
        { name: 'Chai Point Ltd', limits: { max: '10000.00', min: '1.00' }, enabled: true },
      ),
    ).toEqual([
      { field: 'name', before: 'Chai Point', after: 'Chai Point Ltd' },
      { field: 'limits.max', before: '5000.00', after: '10000.00' },
    ]);
    expect(auditChanges(null, { utr: '612345678901', amount: 1499 })).toEqual([
      { field: 'utr', before: '(none)', after: '612345678901' },
      { field: 'amount', before: '(none)', after: '1499' },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('fieldError', () => {
  it("ties an API refusal to the form's field and words it for an operator", () => {
    const fields = ['name', 'notify_url', 'callback_statuses'];
    expect(fieldError('name: Invalid input: expected string, received number', fields)).toEqual({
      field: 'name',
      message: 'Enter text here.',
    });
    expect(fieldError('callback_statuses: must be one of all, final', fields)?.message).toBe(
      'Choose one of: all, final.',
    );
    expect(fieldError('notify_url: not an https address', fields)?.message).toBe('Not an https address.');
    expect(fieldError('limits.max: Too big', ['name'])).toBeUndefined();
    expect(fieldError('the merchant is disabled', fields)).toBeUndefined();
  });

  it("words the credit forms' refusals of a UTR and an amount", () => {
    const fields = ['utr', 'amount'];
    expect(fieldError('utr: must be exactly 12 digits', fields)?.message).toBe('Enter exactly 12 digits.');
    expect(fieldError('amount: must be a decimal amount like 100.00', fields)?.message).toBe(
      'Enter an amount in rupees, like 100.00.',
    );
    expect(fieldError('amount: must be greater than 0', fields)?.message).toBe('Enter an amount above 0.');
  });
});
