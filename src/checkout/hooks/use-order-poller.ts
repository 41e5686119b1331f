import { useEffect, useState } from 'preact/hooks';
import type { ApiOutcome } from '../api/api-outcome.js';
import type { CheckoutApi, OrderSnapshot } from '../api/checkout-api.js';
import { createOrderPoller, type OrderPoller, type PollerState } from '../state/order-poller.js';

/** Runs the order poller while mounted; pauses it while the page is hidden, wakes it when back. */
export function useOrderPoller(
  api: CheckoutApi,
  paymentUid: string,
  firstOrder?: Promise<ApiOutcome<OrderSnapshot>>,
): [PollerState, OrderPoller] {
  const [poller] = useState(() => createOrderPoller({ api, paymentUid, firstOrder }));
  const [state, setState] = useState(poller.getState);

  useEffect(() => {
    const unsubscribe = poller.subscribe(() => setState(poller.getState()));
    const onVisibility = () => poller.setVisible(document.visibilityState !== 'hidden');
    const onOnline = () => poller.refreshNow();
    const onOffline = () => poller.noteOffline();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    // Back from the UPI app via the browser's back-forward cache.
    window.addEventListener('pageshow', onOnline);
    poller.setVisible(document.visibilityState !== 'hidden');
    poller.start();
    return () => {
      unsubscribe();
      poller.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('pageshow', onOnline);
    };
  }, [poller]);

  return [state, poller];
}
