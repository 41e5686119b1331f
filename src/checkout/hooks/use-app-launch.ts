import { useEffect, useRef, useState } from 'preact/hooks';
import { NO_APP_HASH } from '../lib/app-links.js';

/** How long the page may stay visible after an app button before "The app didn't open?" shows. */
export const APP_OPEN_TIMEOUT_MS = 2_000;

export interface AppLaunch {
  /** An app button was tapped. */
  readonly launched: () => void;
  /** The page stayed visible after the tap: the app did not open. */
  readonly helpShown: boolean;
  /** The payer left for their app and came back: time for the UTR. */
  readonly returned: boolean;
}

/**
 * Follows a tap on an app button: if the page is still visible about 2 s later, the app did not
 * open (offer help); if the page was hidden and becomes visible again, the payer is back from
 * their app (bring the UTR step forward). An Android intent whose app is missing comes back to
 * this page marked `#no-app` (its fallback): help too. Timers are the global ones (fake in tests).
 */
export function useAppLaunch(): AppLaunch {
  const [helpShown, setHelpShown] = useState(false);
  const [returned, setReturned] = useState(false);
  const state = useRef({
    pending: false,
    left: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  useEffect(() => {
    const onHash = () => {
      if (window.location.hash !== NO_APP_HASH) return;
      setHelpShown(true);
      window.history.replaceState(window.history.state, '', window.location.href.split('#')[0]);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    const onVisibility = () => {
      const s = state.current;
      if (!s.pending) return;
      if (document.visibilityState === 'hidden') {
        s.left = true;
        clearTimeout(s.timer);
        return;
      }
      if (s.left) {
        s.pending = false;
        s.left = false;
        setHelpShown(false);
        setReturned(true);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onVisibility);
    return () => {
      window.removeEventListener('hashchange', onHash);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onVisibility);
      clearTimeout(state.current.timer);
    };
  }, []);

  const launched = () => {
    const s = state.current;
    s.pending = true;
    s.left = false;
    setReturned(false);
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      if (document.visibilityState !== 'hidden' && !s.left) setHelpShown(true);
    }, APP_OPEN_TIMEOUT_MS);
  };

  return { launched, helpShown, returned };
}
