import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ApiResult } from '../api/api-result.js';
import { requiredContext } from './required-context.js';

/** How a signed-in page's session ends: the console's and the portal's alike. */
export interface SessionEnd {
  /** The API answered 401: the session is over, show the sign-in screen. */
  expire(): void;
  signOut(): Promise<void>;
}

export interface SessionControls extends SessionEnd {
  readonly operator: string;
}

export const [SessionContext, useSession] = requiredContext<SessionControls>(
  'useSession outside a signed-in console',
);

export type SessionState<Session> =
  | { readonly kind: 'checking' }
  | { readonly kind: 'signed-out'; readonly notice?: string }
  | { readonly kind: 'signed-in'; readonly session: Session };

/** The calls of a page's API that start and end its session. */
export interface SessionApi<Session> {
  session(): Promise<ApiResult<Session>>;
  signOut(): Promise<ApiResult<unknown>>;
}

/**
 * A page's session (the console's or the portal's): checked once when the page opens, set at
 * sign-in, ended by a 401 or by signing out, each end with the notice the sign-in screen shows.
 */
export function usePageSession<Session>(api: SessionApi<Session>) {
  const [state, setState] = useState<SessionState<Session>>({ kind: 'checking' });
  useEffect(() => {
    void api.session().then((result) => {
      setState(result.kind === 'ok' ? { kind: 'signed-in', session: result.data } : { kind: 'signed-out' });
    });
  }, [api]);
  const end = useMemo<SessionEnd>(
    () => ({
      expire: () => setState({ kind: 'signed-out', notice: 'Your session has ended. Sign in again.' }),
      signOut: async () => {
        await api.signOut();
        setState({ kind: 'signed-out', notice: 'You have signed out.' });
      },
    }),
    [api],
  );
  const signedIn = (session: Session) => setState({ kind: 'signed-in', session });
  return { state, end, signedIn } as const;
}
