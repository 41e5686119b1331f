import { render } from 'preact';
import './checkout.css';
import { createCheckoutApi } from './api/checkout-api.js';
import { App } from './app.js';
import type { AppDeps } from './app-deps.js';
import { loadMessages } from './i18n/load-messages.js';
import { en } from './i18n/locales/en.js';
import type { Messages } from './i18n/messages.js';
import { pickLocale } from './i18n/pick-locale.js';
import { detectPlatform } from './lib/detect-platform.js';
import { paymentUidFromPath } from './lib/payment-uid-from-path.js';
import { saveQrImage } from './lib/save-qr-image.js';

/** The page's one edge: reads the browser, builds the dependencies and renders. */
async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const query = new URLSearchParams(window.location.search);
  let locale = pickLocale(query.get('lang'), navigator.languages ?? [navigator.language]);
  let messages: Messages = en;
  try {
    messages = await loadMessages(locale);
  } catch {
    locale = 'en';
  }
  const deps: AppDeps = {
    api: createCheckoutApi({ baseUrl: window.location.origin }),
    paymentUid: paymentUidFromPath(window.location.pathname),
    platform: detectPlatform(navigator.userAgent, navigator.maxTouchPoints),
    storage: safeStorage(),
    navigate: (url) => window.location.assign(url),
    saveQrImage,
    parent: window.parent !== window ? window.parent : undefined,
  };
  root.textContent = '';
  render(<App deps={deps} locale={locale} messages={messages} />, root);
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

void main();
