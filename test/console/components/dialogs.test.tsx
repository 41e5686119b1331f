import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListedCredit } from '../../../src/shared/credit-views.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { renderConsole, settle } from '../support/render-console.js';

afterEach(() => cleanup());

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
  source_id: null,
  merchant_uid: 'M100',
  payment_uid: null,
  payment_status: null,
  matched_at: null,
  reason: '',
};

async function openMatch(): Promise<HTMLElement> {
  renderConsole(fakeApi({ credits: async () => ok([waiting]) }), '#/credits?tab=waiting');
  await settle();
  const opener = screen.getByRole('button', { name: 'Match 612345678901' });
  opener.focus();
  fireEvent.click(opener);
  await settle();
  return opener;
}

describe('the match dialog with the keyboard', () => {
  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const opener = await openMatch();
    const dialog = screen.getByRole('dialog', { name: 'Match credit 612345678901' });
    expect(document.activeElement).toBe(screen.getByLabelText('Find the order'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await settle();
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog, both ways, and Cancel gives the focus back too', async () => {
    const opener = await openMatch();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const first = screen.getByLabelText('Find the order');
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
