import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { CheckoutApi } from './api/checkout-api.js';
import type { ParentWindow } from './hooks/use-embed-status.js';
import type { Platform } from './lib/detect-platform.js';
import type { QrMatrix } from './lib/qr-path.js';

/** Everything the page needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: CheckoutApi;
  readonly paymentUid: string;
  readonly platform: Platform;
  readonly storage: Storage | undefined;
  readonly navigate: (url: string) => void;
  readonly saveQrImage: (matrix: QrMatrix, fileName: string) => boolean;
  /** The embedding window, when the page runs in an iframe. */
  readonly parent: ParentWindow | undefined;
}

export const AppDepsContext = createContext<AppDeps | undefined>(undefined);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside <App>');
  return deps;
}
