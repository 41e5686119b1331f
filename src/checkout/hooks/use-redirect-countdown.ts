import { useEffect, useState } from 'preact/hooks';

export const REDIRECT_SECONDS = 5;

export interface RedirectCountdown {
  readonly secondsLeft: number;
  readonly cancelled: boolean;
  readonly cancel: () => void;
  readonly goNow: () => void;
}

/** A visible, cancellable countdown to the merchant's page (checkout.md, Result screens). */
export function useRedirectCountdown(
  url: string | undefined,
  navigate: (url: string) => void,
): RedirectCountdown {
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (url === undefined || cancelled) return;
    if (secondsLeft <= 0) {
      navigate(url);
      return;
    }
    const id = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => clearTimeout(id);
  }, [url, cancelled, secondsLeft, navigate]);

  return {
    secondsLeft,
    cancelled,
    cancel: () => setCancelled(true),
    goNow: () => {
      setCancelled(true);
      if (url !== undefined) navigate(url);
    },
  };
}
