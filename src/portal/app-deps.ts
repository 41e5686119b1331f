import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PortalSignedIn } from '../shared/portal-views.js';
import type { PortalApi } from './api/portal-api.js';

/** Everything the portal needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: PortalApi;
}

export const AppDepsContext = createContext<AppDeps | undefined>(undefined);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside <App>');
  return deps;
}

export interface PortalSessionControls {
  readonly session: PortalSignedIn;
  /** The API answered 401: the session is over, show the sign-in screen. */
  expire(): void;
  signOut(): Promise<void>;
}

export const PortalSessionContext = createContext<PortalSessionControls | undefined>(undefined);

export function usePortalSession(): PortalSessionControls {
  const session = useContext(PortalSessionContext);
  if (!session) throw new Error('usePortalSession outside a signed-in portal');
  return session;
}
