import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ConsoleApi } from './api/console-api.js';

/** Everything the console needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: ConsoleApi;
}

export const AppDepsContext = createContext<AppDeps | undefined>(undefined);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside <App>');
  return deps;
}
