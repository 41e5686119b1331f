import { act, render } from '@testing-library/preact';
import { App } from '../../../src/console/app.js';
import type { FakeApi } from './fake-api.js';

/** Renders the console at an address (`#/orders`, ...) against a fake API. */
export function renderConsole(api: FakeApi, hash = '#/today') {
  window.location.hash = hash;
  return render(<App deps={{ api }} />);
}

export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

export async function go(hash: string): Promise<void> {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  await settle();
}
