import { useState } from 'preact/hooks';
import { type ApiResult, describeFailure } from '../api/api-result.js';
import { useSession } from './use-session.js';

export interface ActionState {
  readonly busy: boolean;
  readonly error: string;
  /** Runs a write; answers its data on success, undefined otherwise (the error is kept in state). */
  run<T>(action: () => Promise<ApiResult<T>>): Promise<T | undefined>;
  clear(): void;
}

/** A state-changing call with its busy flag and error message; a 401 ends the session. */
export function useAction(): ActionState {
  const { expire } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return {
    busy,
    error,
    clear: () => setError(''),
    async run(action) {
      setBusy(true);
      setError('');
      try {
        const result = await action();
        if (result.kind === 'ok') return result.data;
        if (result.kind === 'unauthorized') expire();
        else setError(describeFailure(result));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
  };
}
