import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiOutcome } from './api/api-outcome.js';
import type { CheckoutApi, OrderSnapshot } from './api/checkout-api.js';
import type { ParentWindow } from './hooks/use-embed-status.js';
import type { Platform } from './lib/detect-platform.js';
import type { SaveImage } from './lib/saved-image.js';

/** Everything the page needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: CheckoutApi;
  readonly paymentUid: string;
  /** The first order request, started by main.tsx while the locale loads; the poller takes it. */
  readonly firstOrder?: Promise<ApiOutcome<OrderSnapshot>> | undefined;
  readonly platform: Platform;
  /** Inside another app's web view (see detectWebView): UPI links and downloads may not work. */
  readonly webView: boolean;
  /** This page's address (to copy, and for app links' fallback). */
  readonly pageUrl: string;
  readonly storage: Storage | undefined;
  /**
   * Opens the merchant's page: the top window when the page runs in an iframe. False when the
   * browser refused (a parent that does not allow top navigation without a tap).
   */
  readonly navigate: (url: string) => boolean;
  /** Saves the QR or a receipt as an image (shared, downloaded, or shown to long-press). */
  readonly saveImage: SaveImage;
  /** Opens the browser's print dialog (the receipt's printable view). */
  readonly print: () => void;
  /** The embedding window, when the page runs in an iframe. */
  readonly parent: ParentWindow | undefined;
}

export const AppDepsContext = createContext<AppDeps | undefined>(undefined);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside <App>');
  return deps;
}
