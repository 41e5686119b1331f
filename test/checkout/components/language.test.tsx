import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../src/checkout/i18n/load-messages.js';
import { UNDER_LOAD } from '../../support/under-load.js';
import { FakeApi } from '../support/fake-api.js';
import { renderApp, settle } from '../support/render-app.js';
import { sampleOrder } from '../support/sample-order.js';

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/checkout/pay_123');
});
afterEach(cleanup);

describe('language choice', () => {
  it('renders the chosen locale, including help and errors', async () => {
    renderApp(new FakeApi(sampleOrder()), { locale: 'hi', messages: await loadMessages('hi') });
    expect(await screen.findByRole('heading', { name: 'UPI से भुगतान करें' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('UTR (12 अंकों का रेफ़रेंस नंबर)'), { target: { value: '9876543210' } });
    expect(screen.getByText('यह मोबाइल नंबर लगता है। UTR में 12 अंक होते हैं।')).toBeTruthy();
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('hi'), UNDER_LOAD);
  });

  it('switches language from the picker, loading only that locale, and remembers it in the address', async () => {
    renderApp(new FakeApi(sampleOrder()));
    const picker = (await screen.findByRole('combobox', { name: 'Language' })) as HTMLSelectElement;
    expect(picker.value).toBe('en');
    expect([...picker.options].map((o) => o.textContent)).toContain('தமிழ்');
    fireEvent.change(picker, { target: { value: 'ta' } });
    await screen.findByRole('heading', { name: 'UPI மூலம் செலுத்துங்கள்' });
    await settle();
    expect(new URL(window.location.href).searchParams.get('lang')).toBe('ta');
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('ta'), UNDER_LOAD);
    expect((screen.getByRole('combobox', { name: 'மொழி' }) as HTMLSelectElement).value).toBe('ta');
  });

  it('shows "link not found" in the payer’s language', async () => {
    renderApp(new FakeApi(undefined), { locale: 'bn', messages: await loadMessages('bn') });
    expect(await screen.findByRole('heading', { level: 1, name: 'পেমেন্ট লিংক পাওয়া যায়নি' })).toBeTruthy();
  });
});
