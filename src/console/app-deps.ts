import type { ConsoleApi } from './api/console-api.js';
import { requiredContext } from './hooks/required-context.js';

/** Everything the console needs from the outside world, injected so tests can stand in for it. */
export interface AppDeps {
  readonly api: ConsoleApi;
}

export const [AppDepsContext, useAppDeps] = requiredContext<AppDeps>('useAppDeps outside <App>');
