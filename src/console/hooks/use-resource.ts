import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiResult } from '../api/api-result.js';
import { useSession } from './use-session.js';

export type Resource<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly data: T }
  | { readonly state: 'error'; readonly message: string };

/**
 * Loads one API answer while mounted and again when `key` changes or `reload` is called. An
 * answer for an older key is dropped; a 401 ends the session (back to sign-in). A reload keeps
 * what is on screen until its answer arrives (no flash of "Loading…", focus and scroll kept);
 * a new key shows loading.
 */
export function useResource<T>(load: () => Promise<ApiResult<T>>, key: string): [Resource<T>, () => void] {
  const { expire } = useSession();
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const shownKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (shownKey.current !== key) setResource({ state: 'loading' });
    void load().then((result) => {
      if (!current) return;
      shownKey.current = key;
      if (result.kind === 'ok') setResource({ state: 'ready', data: result.data });
      else if (result.kind === 'unauthorized') expire();
      else if (result.kind === 'refused')
        setResource({ state: 'error', message: result.details || result.code });
      else setResource({ state: 'error', message: 'The service did not answer. Try again.' });
    });
    return () => {
      current = false;
    };
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return [resource, reload];
}
