import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiOutcome } from './api/api-outcome.js';
import type { CheckoutApi, OrderSnapshot } from './api/checkout-api.js';
import type { ParentWindow } from './hooks/use-embed-status.js';
import type { Platform } from './lib/detect-platform.js';
import type { QrMatrix } from './lib/qr-path.js';
import type { SaveQrResult } from './lib/save-qr-image.js';

/** Everything the page needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: CheckoutApi;
  readonly paymentUid: string;
  /** The first order request, started by main.tsx while the locale loads; the poller takes it. */
  readonly firstOrder?: Promise<ApiOutcome<OrderSnapshot>> | undefined;
  readonly platform: Platform;
  readonly storage: Storage | undefined;
  /**
   * Opens the merchant's page: the top window when the page runs in an iframe. False when the
   * browser refused (a parent that does not allow top navigation without a tap).
   */
  readonly navigate: (url: string) => boolean;
  readonly saveQrImage: (matrix: QrMatrix, fileName: string) => Promise<SaveQrResult>;
  /** The embedding window, when the page runs in an iframe. */
  readonly parent: ParentWindow | undefined;
}

export const AppDepsContext = createContext<AppDeps | undefined>(undefined);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside <App>');
  return deps;
}
