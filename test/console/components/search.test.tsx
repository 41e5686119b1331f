import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListedCredit } from '../../../src/shared/credit-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { go, renderConsole, settle } from '../support/render-console.js';
import { orderRow, sampleOrder } from '../support/samples.js';

afterEach(() => cleanup());

const matched: ListedCredit = {
  id: '9',
  cursor: 'credit:9',
  state: 'matched',
  created_at: '2026-03-10T20:00:00Z',
  credited_at: '2026-03-10T19:58:00Z',
  utr: '612345678901',
  amount: 149900,
  payer_name: 'Ishaan Mehrotra',
  payee: 'chaipoint@okaxis',
  source: 'statement',
  source_id: null,
  merchant_uid: 'M100',
  payment_uid: 'pay_1',
  payment_status: 'completed',
  matched_at: '2026-03-10T20:00:01Z',
  reason: '',
};

describe('the header search', () => {
  it('is on every screen, and shows the orders and the credits the term finds, grouped', async () => {
    const api = fakeApi({ search: async () => ok({ orders: [orderRow(1)], credits: [matched] }) });
    renderConsole(api, '#/merchants');
    await settle();
    for (const hash of ['#/today', '#/attention', '#/credits']) {
      await go(hash);
      expect(screen.getByRole('searchbox', { name: 'Search orders and credits' }), hash).toBeTruthy();
    }
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search orders and credits' }), {
      target: { value: ' ₹1,499 ' },
    });
    fireEvent.submit(screen.getByRole('form', { name: 'Search orders and credits' }));
    await go(window.location.hash);
    expect(api.search).toHaveBeenCalledWith('₹1,499');
    expect(screen.getByRole('heading', { name: 'Search: ₹1,499' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders (1)' })).toBeTruthy();
    const orders = screen.getByRole('table', { name: 'Orders matching ₹1,499' });
    expect(within(orders).getByRole('link', { name: 'ORD-1' }).getAttribute('href')).toBe('#/orders/pay_1');
    const credits = screen.getByRole('table', { name: 'Credits matching ₹1,499' });
    expect(within(credits).getByText('Ishaan Mehrotra')).toBeTruthy();
    expect(within(credits).getByText('612345678901')).toBeTruthy();
  });

  it('says when nothing matches in a group', async () => {
    const api = fakeApi();
    renderConsole(api, '#/search?q=zoravar');
    await settle();
    expect(screen.getByText('No order matches.')).toBeTruthy();
    expect(screen.getByText('No credit matches.')).toBeTruthy();
  });
});

describe("the order's payer", () => {
  it("shows the payer's name from the bank credit when the order has none", async () => {
    const credit = {
      kind: 'credit' as const,
      at: '2026-03-10T20:00:00Z',
      utr: '612345678901',
      amount: '1499.00',
      payer_name: 'ishaan.m@okhdfc',
      source: 'statement',
      matched: true,
    };
    const api = fakeApi({
      order: async () => ok(sampleOrder({ from_name: '' })),
      timeline: async () => ok([credit]),
    });
    renderConsole(api, '#/orders/pay_1');
    await settle();
    const payer = screen.getByText('Payer').closest('div') as HTMLElement;
    expect(within(payer).getByText('ishaan.m@okhdfc (from the bank credit)')).toBeTruthy();
  });
});
