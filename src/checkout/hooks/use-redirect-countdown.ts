import { useEffect, useRef, useState } from 'preact/hooks';

export const REDIRECT_SECONDS = 5;

export interface RedirectCountdown {
  readonly secondsLeft: number;
  readonly cancelled: boolean;
  readonly cancel: () => void;
  readonly goNow: () => void;
}

/**
 * A visible, cancellable countdown to the merchant's page (docs/checkout.md, Result screens). It runs
 * against a deadline, so a throttled background tab does not stretch it.
 */
export function useRedirectCountdown(
  url: string | undefined,
  navigate: (url: string) => void,
  /** The payer is busy on the page (saving a receipt): stop the countdown. */
  hold = false,
): RedirectCountdown {
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (hold) setCancelled(true);
  }, [hold]);
  // The latest navigate, without restarting the countdown when the caller passes a new function.
  const go = useRef(navigate);
  go.current = navigate;

  useEffect(() => {
    if (url === undefined || cancelled) return;
    const deadline = Date.now() + REDIRECT_SECONDS * 1000;
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(id);
        go.current(url);
      }
    }, 250);
    return () => clearInterval(id);
  }, [url, cancelled]);

  return {
    secondsLeft,
    cancelled,
    cancel: () => setCancelled(true),
    goNow: () => {
      setCancelled(true);
      if (url !== undefined) go.current(url);
    },
  };
}
