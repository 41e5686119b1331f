import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type ApiResult, describeFailure } from '../../console/api/api-result.js';
import type { Resource } from '../../console/hooks/use-resource.js';
import { usePortalSession } from '../app-deps.js';

/**
 * One API answer loaded while mounted and again when `key` changes or `reload` is called; a 401
 * ends the session. A reload keeps what is on screen until its answer arrives.
 */
export function useResource<T>(load: () => Promise<ApiResult<T>>, key: string): [Resource<T>, () => void] {
  const { expire } = usePortalSession();
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
      else setResource({ state: 'error', message: describeFailure(result) });
    });
    return () => {
      current = false;
    };
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return [resource, reload];
}

export interface Action {
  readonly busy: boolean;
  /** The refusal in plain words, and the field it names (`field: what is wrong`), if any. */
  readonly error: { readonly field: string; readonly message: string } | undefined;
  run<T>(action: () => Promise<ApiResult<T>>): Promise<T | undefined>;
  /** The error for one field, to show next to it. */
  errorFor(field: string): string | undefined;
}

/** A change with its busy flag and its error; a 401 ends the session. */
export function useAction(): Action {
  const { expire } = usePortalSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Action['error']>(undefined);
  return {
    busy,
    error,
    errorFor: (field) => (error?.field === field ? error.message : undefined),
    async run(action) {
      setBusy(true);
      setError(undefined);
      try {
        const result = await action();
        if (result.kind === 'ok') return result.data;
        if (result.kind === 'unauthorized') expire();
        else setError(splitField(describeFailure(result)));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The service writes a field's refusal as `field: what is wrong`; the page shows it by the field. */
export function splitField(details: string): { field: string; message: string } {
  const match = /^([a-z_]+(?:\.\d+)?): (.+)$/s.exec(details);
  if (!match) return { field: '', message: details };
  const [, field = '', message = ''] = match;
  return { field: field.replace(/\.\d+$/, ''), message: message.charAt(0).toUpperCase() + message.slice(1) };
}
