import { requiredContext } from '../console/hooks/required-context.js';
import type { SessionEnd } from '../console/hooks/use-session.js';
import type { PortalSignedIn } from '../shared/portal-views.js';
import type { PortalApi } from './api/portal-api.js';

/** Everything the portal needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: PortalApi;
}

export const [AppDepsContext, useAppDeps] = requiredContext<AppDeps>('useAppDeps outside <App>');

export interface PortalSessionControls extends SessionEnd {
  readonly session: PortalSignedIn;
}

export const [PortalSessionContext, usePortalSession] = requiredContext<PortalSessionControls>(
  'usePortalSession outside a signed-in portal',
);
