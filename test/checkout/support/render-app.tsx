import { act, render } from '@testing-library/preact';
import { vi } from 'vitest';
import type { CheckoutApi } from '../../../src/checkout/api/checkout-api.js';
import { App } from '../../../src/checkout/app.js';
import type { AppDeps } from '../../../src/checkout/app-deps.js';
import { loadLaterScreens } from '../../../src/checkout/hooks/use-later-screens.js';
import type { Locale } from '../../../src/checkout/i18n/locale-list.js';
import { en } from '../../../src/checkout/i18n/locales/en.js';
import type { Messages } from '../../../src/checkout/i18n/messages.js';

export interface RenderOptions {
  readonly platform?: AppDeps['platform'];
  readonly storage?: Storage;
  readonly parent?: AppDeps['parent'];
  readonly locale?: Locale;
  readonly messages?: Messages;
  /** What navigate answers: false as in an iframe whose parent refused top navigation. */
  readonly navigateResult?: boolean;
  /** Inside another app's web view. */
  readonly webView?: boolean;
}

export const PAGE_URL = 'https://pay.example/checkout/pay_123';

// The page fetches its later screens after the first paint; here they are loaded once up front,
// so fake timers need not wait for a module to be read.
await loadLaterScreens();

/** Renders the whole page against a fake API, with spies for navigation, saving and printing. */
export function renderApp(api: CheckoutApi, options: RenderOptions = {}) {
  const navigate = vi.fn<(url: string) => boolean>(() => options.navigateResult ?? true);
  const saveImage = vi.fn<AppDeps['saveImage']>(async () => ({ kind: 'saved' }));
  const print = vi.fn();
  const deps: AppDeps = {
    api,
    paymentUid: 'pay_123',
    platform: options.platform ?? 'desktop',
    webView: options.webView ?? false,
    pageUrl: PAGE_URL,
    storage: options.storage ?? window.localStorage,
    navigate,
    saveImage,
    print,
    parent: options.parent,
  };
  const result = render(
    <App deps={deps} locale={options.locale ?? 'en'} messages={options.messages ?? en} />,
  );
  return { ...result, navigate, saveImage, print, deps };
}

/** Lets pending promises (fake API answers, lazy chunks) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/** Advances fake timers and settles what they started. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
