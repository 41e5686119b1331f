import { useState } from 'preact/hooks';
import { useAppDeps } from '../app-deps.js';
import { embedTargets } from '../lib/embed-targets.js';

/** The message an embedding page receives when the checkout could not navigate the top window. */
export interface CheckoutRedirectMessage {
  readonly type: 'checkout:redirect';
  readonly payment_uid: string;
  readonly url: string;
}

/**
 * Leaving for the merchant's `redirect_url`. Inside an iframe `navigate` targets the top window;
 * where the parent did not allow that, the parent hears of it by `postMessage` (to its allowed
 * origins only) and `blocked` tells the screen to show a link that opens in the top window.
 */
export function useLeave(embedOrigins: readonly string[]): {
  readonly blocked: boolean;
  readonly leave: (url: string) => void;
} {
  const { navigate, parent, paymentUid } = useAppDeps();
  const [blocked, setBlocked] = useState(false);
  const leave = (url: string) => {
    if (navigate(url)) return;
    setBlocked(true);
    const message: CheckoutRedirectMessage = { type: 'checkout:redirect', payment_uid: paymentUid, url };
    for (const origin of embedTargets(embedOrigins)) parent?.postMessage(message, origin);
  };
  return { blocked, leave };
}
