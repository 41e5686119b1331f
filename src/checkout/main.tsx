import { render } from 'preact';
import './checkout.css';
import { createCheckoutApi } from './api/checkout-api.js';
import { App } from './app.js';
import type { AppDeps } from './app-deps.js';
import { loadMessages } from './i18n/load-messages.js';
import type { Messages } from './i18n/messages.js';
import { pickLocale } from './i18n/pick-locale.js';
import { detectPlatform, detectWebView } from './lib/detect-platform.js';
import { paymentUidFromPath } from './lib/payment-uid-from-path.js';

/**
 * The page's one edge: reads the browser, builds the dependencies and renders. The order and the
 * locale's messages are fetched at the same time; the page renders once both are there (until
 * then index.html shows the loading line, already in the payer's language).
 */
async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const query = new URLSearchParams(window.location.search);
  const api = createCheckoutApi({ baseUrl: window.location.origin, EventSource: window.EventSource });
  const paymentUid = paymentUidFromPath(window.location.pathname);
  const firstOrder = api.getOrder(paymentUid);
  let locale = pickLocale(query.get('lang'), navigator.languages ?? [navigator.language]);
  let messages: Messages;
  try {
    messages = await loadMessages(locale);
  } catch {
    locale = 'en';
    messages = await loadMessages(locale);
  }
  const webView = detectWebView(navigator.userAgent);
  const deps: AppDeps = {
    api,
    paymentUid,
    firstOrder,
    platform: detectPlatform(navigator.userAgent, navigator.maxTouchPoints),
    webView,
    pageUrl: window.location.href,
    storage: safeStorage(),
    navigate: navigateTop,
    // Drawing and saving images is its own chunk, fetched on the first tap.
    saveImage: async (image, fileName) =>
      (await import('./lib/save-image.js')).saveImage(image, fileName, webView),
    print: () => window.print(),
    parent: window.parent !== window ? window.parent : undefined,
  };
  root.textContent = '';
  render(<App deps={deps} locale={locale} messages={messages} />, root);
}

/** Leaves for the merchant's page; inside an iframe, the top window (false when refused). */
function navigateTop(url: string): boolean {
  try {
    if (window.top && window.top !== window) window.top.location.href = url;
    else window.location.assign(url);
    return true;
  } catch {
    return false;
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

void main();
