import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface SessionControls {
  readonly operator: string;
  /** The API answered 401: the session is over, show the sign-in screen. */
  expire(): void;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionControls | undefined>(undefined);

export function useSession(): SessionControls {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}
