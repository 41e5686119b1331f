import { requiredContext } from './required-context.js';

export interface SessionControls {
  readonly operator: string;
  /** The API answered 401: the session is over, show the sign-in screen. */
  expire(): void;
  signOut(): Promise<void>;
}

export const [SessionContext, useSession] = requiredContext<SessionControls>(
  'useSession outside a signed-in console',
);
